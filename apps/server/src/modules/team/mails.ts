import type { PartnerRole } from '@portal/contracts/partner-roles';
import type { Locale } from '@portal/contracts/preferences';
import { paragraphsMail } from '../../lib/mail-html.ts';
import { TEAM_INVITATION_EXPIRE_DAYS } from '@portal/contracts/team';
import type { MailMessage } from '../../lib/mailer.ts';
import { defineNotice } from '../notifications/public.ts';

/**
 * The team's e-mails and notifications, in the recipient's language: an invitee has none saved yet, so theirs is the
 * inviter's (the person who knows them chose it, by using the portal in it). Every language writes every text.
 */

interface TeamTexts {
  roles: Record<PartnerRole, string>;
  invitation: { subject: (agent: string) => string; intro: (firstName: string, inviter: string, agent: string, role: string) => string; button: string; outro: (days: number) => string };
  deactivated: { title: string; body: (agent: string) => string };
  reactivated: { title: string; body: (agent: string) => string };
  greeting: (firstName: string) => string;
}

export const TEAM_TEXTS: Readonly<Record<Locale, TeamTexts>> = {
  en: {
    roles: { owner: 'Owner', manager: 'Manager', agent: 'Agent', finance: 'Finance' },
    invitation: {
      subject: (agent) => `Join ${agent} on the partner portal`,
      intro: (firstName, inviter, agent, role) => `Hello ${firstName}, ${inviter} invited you to join ${agent} on the partner portal as ${role}.`,
      button: 'Accept the invitation',
      outro: (days) => `The link works once and expires in ${days} days. You choose your password there, and you are in.`,
    },
    deactivated: { title: 'Your access has been turned off', body: (agent) => `Your access to ${agent}'s partner portal has been turned off by its owner. Your past referrals stay attributed to you.` },
    reactivated: { title: 'Your access is back', body: (agent) => `Your access to ${agent}'s partner portal has been turned back on. Sign in with your e-mail address and password.` },
    greeting: (firstName) => `Hello ${firstName},`,
  },
  ar: {
    roles: { owner: 'مالك', manager: 'مدير', agent: 'وكيل', finance: 'مالية' },
    invitation: {
      subject: (agent) => `انضم إلى ${agent} في بوابة الشركاء`,
      intro: (firstName, inviter, agent, role) => `مرحبًا ${firstName}، دعاك ${inviter} للانضمام إلى ${agent} في بوابة الشركاء بدور ${role}.`,
      button: 'قبول الدعوة',
      outro: (days) => `يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد ${days} أيام. تختار كلمة مرورك هناك ثم تدخل مباشرة.`,
    },
    deactivated: { title: 'أُوقف وصولك', body: (agent) => `أوقف مالك ${agent} وصولك إلى بوابة الشركاء. تبقى إحالاتك السابقة منسوبة إليك.` },
    reactivated: { title: 'عاد وصولك', body: (agent) => `أُعيد تفعيل وصولك إلى بوابة الشركاء لدى ${agent}. سجّل الدخول ببريدك الإلكتروني وكلمة مرورك.` },
    greeting: (firstName) => `مرحبًا ${firstName}،`,
  },
};



/** The team's notifications (in the portal, and the same words by e-mail): worded at each read in the reader's language. */
export const ROLE_CHANGED_NOTICE = defineNotice<{ role: PartnerRole; by: string }>('team.role_changed', {
  en: ({ role, by }) => ({ title: 'Your role has changed', body: `${by} changed your role in the team to ${TEAM_TEXTS.en.roles[role]}.` }),
  ar: ({ role, by }) => ({ title: 'تغيّر دورك', body: `غيّر ${by} دورك في الفريق إلى ${TEAM_TEXTS.ar.roles[role]}.` }),
}, { role: 'manager', by: 'Layla Haddad' });

export const OWNERSHIP_NOTICE = defineNotice<{ by: string }>('team.ownership', {
  en: { title: 'You now own the team', body: '{by} transferred the ownership of the team to you.' },
  ar: { title: 'أصبحت مالك الفريق', body: 'نقل {by} ملكية الفريق إليك.' },
});

export const ACCEPTED_NOTICE = defineNotice<{ name: string }>('team.invitation_accepted', {
  en: { title: 'Invitation accepted', body: '{name} accepted your invitation and joined the team.' },
  ar: { title: 'قُبلت الدعوة', body: 'قبل {name} دعوتك وانضم إلى الفريق.' },
});

export function invitationMail(input: { to: string; firstName: string; inviter: string; agent: string; role: PartnerRole; link: string; locale: Locale }): MailMessage {
  const texts = TEAM_TEXTS[input.locale];
  const intro = texts.invitation.intro(input.firstName, input.inviter, input.agent, texts.roles[input.role]);
  const outro = texts.invitation.outro(TEAM_INVITATION_EXPIRE_DAYS);
  return {
    to: input.to,
    subject: texts.invitation.subject(input.agent),
    text: `${intro}\n\n${texts.invitation.button}: ${input.link}\n\n${outro}\n`,
    html: paragraphsMail(input.locale, [intro, outro], { href: input.link, label: texts.invitation.button }),
  };
}

/** A notice e-mail: the same title and body as the in-app notification. */
export function noticeMail(input: { to: string; firstName: string; locale: Locale; title: string; body: string }): MailMessage {
  const greeting = TEAM_TEXTS[input.locale].greeting(input.firstName);
  return { to: input.to, subject: input.title, text: `${greeting}\n\n${input.body}\n`, html: paragraphsMail(input.locale, [greeting, input.body]) };
}
