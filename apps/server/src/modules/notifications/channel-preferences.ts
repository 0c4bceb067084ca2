import {
  NOTIFICATION_PREFERENCE_EVENTS,
  notificationEmailsEvent,
  preferenceEventOfType,
  type ChannelRule,
  type NotificationChannel,
} from '@portal/contracts/profile';
import type { Locale } from '@portal/contracts/preferences';
import type { Queryable } from '../../db/queryable.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/**
 * The recipients' notification preferences (`/profile/notifications`, table notification_preferences of migration
 * 0016): which of `userIds` get a notification of `type` on `channel`. A type in no preference event goes in-app to
 * everyone and by e-mail to no one; an `always` channel reaches everyone, `never` no one; otherwise the person's
 * choice, or the event's default when they made none. An event whose e-mail its area sends itself (`emailSentByArea`:
 * the account approval, team changes, feedback answers, security notices) gets no e-mail twin from here, whatever the
 * grid shows: the person receives the area's one e-mail, not two.
 */
export async function recipientsOnChannel(db: Queryable, userIds: number[], type: string, channel: NotificationChannel): Promise<{ id: number; email: string; first_name: string }[]> {
  if (userIds.length === 0) return [];
  const event = preferenceEventOfType(type);
  const rule: ChannelRule = event ? NOTIFICATION_PREFERENCE_EVENTS[event].channels[channel] : channel === 'in_app' ? 'always' : 'never';
  if (rule === 'never') return [];
  if (channel === 'email' && event && !notificationEmailsEvent(event)) return [];
  const { rows } = await db.query<{ id: number; email: string; first_name: string }>(
    `SELECT u.id, u.email, u.first_name
       FROM users u
       LEFT JOIN notification_preferences p ON p.user_id = u.id AND p.event = $2 AND p.channel = $3
      WHERE u.id = ANY($1::int[]) AND ($4::boolean OR coalesce(p.enabled, $5::boolean))
      ORDER BY u.id`,
    [userIds, event ?? '', channel, rule === 'always', rule === 'on'],
  );
  return rows;
}

/** The e-mail twin of a notification: its title as the subject, its body and a link to it in the portal. */
export function notificationMail(input: { to: string; title: string; body: string; link: string | null; appUrl: string; locale: Locale }): MailMessage {
  const url = input.link ? `${input.appUrl}${input.link}` : input.appUrl;
  const direction = input.locale === 'ar' ? 'rtl' : 'ltr';
  const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return {
    to: input.to,
    subject: input.title,
    text: `${input.body ? `${input.body}\n\n` : ''}${url}\n`,
    html:
      `<!doctype html><html lang="${input.locale}" dir="${direction}"><body dir="${direction}" style="font-family:Arial,sans-serif;font-size:15px;color:#222">` +
      `<p><strong>${escape(input.title)}</strong></p>${input.body ? `<p>${escape(input.body)}</p>` : ''}<p><a href="${escape(url)}">${escape(url)}</a></p></body></html>`,
  };
}
