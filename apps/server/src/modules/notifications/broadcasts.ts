import type pg from 'pg';
import {
  IMMEDIATE_RECIPIENTS_MAX,
  type AudienceSize,
  type NotificationAudience,
  type NotificationBroadcast,
  type SendNotificationInput,
} from '@portal/contracts/console-notifications';
import { NOTIFICATION_TYPES, notificationInputSchema } from '@portal/contracts/notifications';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { ValidationError, type FieldErrors } from '../../lib/errors.ts';
import type { JobContext, JobQueue } from '../../lib/jobs/job-queue.ts';
import type { Broadcaster } from '../broadcasting/public.ts';
import * as repository from './broadcasts-repository.ts';
import { CONSOLE_NOTIFICATION_SERVER_MESSAGES as MESSAGES } from './console-messages.ts';
import { defineNotice } from './notices.ts';
import { createNotificationService, type NotificationContent, type NotificationRecipients, type NotificationServiceMail } from './service.ts';

/**
 * What operators send (issue 14): one notification to a partner, to every approved partner of a referral agent, or
 * to every approved partner, stored through the notification service's `notify` like every other notification (one
 * row per partner, in their language, pushed live to their open tabs), and recorded in the history
 * (notification_broadcasts) with its audit row in the same transaction.
 *
 * A partner, or an agent with at most IMMEDIATE_RECIPIENTS_MAX partners, is sent at once. "All partners" (and a larger
 * agent) goes through the job queue: the send commits its history row, its audit row and its job together; the job
 * stores the notifications in batches, each batch in a transaction that also moves the send's cursor, so a retry
 * (a crash, a failed attempt, an operator's retry) resumes after the last stored batch and nobody gets it twice. The
 * job's key is the send's id: sending the job again for the same send adds nothing.
 */

export const BROADCAST_JOB = 'notifications.broadcast';
/** Recipients stored per transaction of the fan-out. */
export const FAN_OUT_BATCH = 500;
/** Attempts after the first before a send is marked failed (an operator can still retry it from the jobs page). */
export const BROADCAST_RETRY_LIMIT = 5;

export interface BroadcastJobData {
  broadcastId: number;
}

/** Who sent it, as the history names them. */
export interface BroadcastSender {
  type: 'operator' | 'cli';
  operatorId?: number | null;
  name: string;
}

/** An operator's message: written in English, and in Arabic when they wrote it; each reader reads the one of their page. */
export const OPERATOR_MESSAGE_NOTICE = defineNotice<{ title: string; body: string; title_ar: string | null; body_ar: string | null }>('notifications.operator_message', {
  en: ({ title, body }) => ({ title, body }),
  ar: ({ title, body, title_ar, body_ar }) => (title_ar ? { title: title_ar, body: body_ar ?? '' } : { title, body }),
}, { title: 'Office closed on Friday', body: 'We answer on Saturday.', title_ar: 'المكتب مغلق يوم الجمعة', body_ar: 'نرد يوم السبت.' });

/** The text each recipient reads: the Arabic version for a reader of the Arabic portal, when there is one. */
export function broadcastContent(
  broadcast: { id: number; title: string; body: string; title_ar: string | null; body_ar: string | null; link: string | null },
): NotificationContent {
  return {
    type: NOTIFICATION_TYPES.message,
    notice: OPERATOR_MESSAGE_NOTICE,
    values: { title: broadcast.title, body: broadcast.body, title_ar: broadcast.title_ar, body_ar: broadcast.body_ar },
    link: broadcast.link,
    data: { broadcast_id: broadcast.id },
  };
}

/** Live events wait for the commit: a transaction's notifications are held, then published once it committed. */
function holdingBroadcaster(target: Broadcaster): { broadcaster: Broadcaster; flush(): Promise<void> } {
  const held: Parameters<Broadcaster['broadcast']>[] = [];
  return {
    broadcaster: {
      broadcast: async (...args) => (held.push(args), true),
      terminateUserConnections: (userId) => target.terminateUserConnections(userId),
    },
    async flush() {
      for (const args of held.splice(0)) await target.broadcast(...args);
    },
  };
}

interface ResolvedAudience {
  audience: NotificationAudience;
  userId: number | null;
  agentId: number | null;
  label: string | null;
  recipients: number;
}

/** Who a send reaches, checked: an approved partner, an existing agent with approved partners, or anyone approved. */
async function resolveAudience(
  db: Queryable,
  input: { audience: NotificationAudience; partner_id?: number | null | undefined; agent_id?: number | null | undefined },
  options: { requireRecipients: boolean },
): Promise<ResolvedAudience> {
  if (input.audience === 'partner') {
    const partner = await repository.findPartner(db, input.partner_id!);
    if (!partner) throw new ValidationError({ partner_id: [MESSAGES.partnerInvalid] });
    if (partner.status !== 'approved') throw new ValidationError({ partner_id: [MESSAGES.partnerNotApproved] });
    return { audience: 'partner', userId: partner.id, agentId: null, label: partner.name, recipients: 1 };
  }
  if (input.audience === 'agent') {
    const agent = await repository.findAgent(db, input.agent_id!);
    if (!agent) throw new ValidationError({ agent_id: [MESSAGES.agentInvalid] });
    const recipients = await repository.countApprovedPartners(db, { agentId: agent.id });
    if (options.requireRecipients && recipients === 0) throw new ValidationError({ agent_id: [MESSAGES.agentWithoutPartners] });
    return { audience: 'agent', userId: null, agentId: agent.id, label: agent.name, recipients };
  }
  const recipients = await repository.countApprovedPartners(db, { agentId: null });
  if (options.requireRecipients && recipients === 0) throw new ValidationError({ audience: [MESSAGES.nobody] });
  return { audience: 'all', userId: null, agentId: null, label: null, recipients };
}

function queues(audience: ResolvedAudience): boolean {
  return audience.audience === 'all' || audience.recipients > IMMEDIATE_RECIPIENTS_MAX;
}

const AUDIT_ACTIONS = { partner: 'notification.sent', agent: 'notification.sent_to_agent', all: 'notification.sent_to_all' } as const;

function auditTarget(audience: ResolvedAudience, broadcastId: number) {
  if (audience.audience === 'partner') return { type: 'user', id: audience.userId! };
  if (audience.audience === 'agent') return { type: 'referral_agent', id: audience.agentId! };
  return { type: 'notification_broadcast', id: broadcastId };
}

export interface BroadcastService {
  /** How many a send would reach now, and whether it would be queued. */
  audienceSize(query: { audience: NotificationAudience; partner_id?: number | undefined; agent_id?: number | undefined }): Promise<AudienceSize>;
  /** Sends (or queues) one, with its history row and its audit row in one transaction; answers the history row. */
  send(input: SendNotificationInput, sender: BroadcastSender, actor: AuditActor): Promise<NotificationBroadcast>;
  /** The job's work: stores the next batches of a queued send until every recipient has it. Idempotent. */
  fanOut(broadcastId: number, job?: Pick<JobContext, 'attempt'>): Promise<void>;
}

export function createBroadcastService(deps: {
  pool: pg.Pool;
  broadcaster: Broadcaster;
  jobs: Pick<JobQueue, 'send'>;
  /** The notifications' e-mail channel, for partners who asked for operator messages by e-mail (/profile/notifications). */
  mail?: NotificationServiceMail | undefined;
}): BroadcastService {
  const { pool, broadcaster, jobs } = deps;

  async function fanOutBatch(broadcastId: number): Promise<boolean> {
    const live = holdingBroadcaster(broadcaster);
    const done = await inTransaction(pool, async (client) => {
      const broadcast = await repository.findBroadcast(client, broadcastId, { lock: true });
      // Gone, or already complete (a second run of the job): nothing to do.
      if (!broadcast || broadcast.state === 'sent') return true;
      const audience = { agentId: broadcast.audience === 'agent' ? broadcast.audience_agent_id : null };
      // An agent deleted since it was sent reaches nobody more.
      if (broadcast.audience === 'agent' && audience.agentId === null) {
        await repository.finishBroadcast(client, broadcastId);
        return true;
      }
      const ids = await repository.nextRecipients(client, audience, { after: broadcast.cursor_user_id, upTo: broadcast.max_user_id, limit: FAN_OUT_BATCH });
      if (ids.length === 0) {
        await repository.finishBroadcast(client, broadcastId);
        return true;
      }
      const notifications = createNotificationService({ db: client, broadcaster: live.broadcaster, mail: deps.mail });
      const stored = await notifications.notify(ids, broadcastContent(broadcast));
      await repository.advanceBroadcast(client, broadcastId, { cursor: ids.at(-1)!, sent: stored.length });
      return false;
    });
    await live.flush();
    return done;
  }

  return {
    async audienceSize(query) {
      const audience = await resolveAudience(pool, query, { requireRecipients: false });
      return { recipients: audience.recipients, queued: queues(audience), label: audience.label };
    },

    async send(input, sender, actor) {
      const live = holdingBroadcaster(broadcaster);
      const broadcastId = await inTransaction(pool, async (client) => {
        const audience = await resolveAudience(client, input, { requireRecipients: true });
        const queued = queues(audience);
        const id = await repository.insertBroadcast(client, {
          audience: audience.audience,
          audienceUserId: audience.userId,
          audienceAgentId: audience.agentId,
          audienceLabel: audience.label,
          title: input.title,
          body: input.body,
          titleAr: input.title_ar || null,
          bodyAr: input.title_ar ? input.body_ar : null,
          link: input.link,
          senderType: sender.type,
          senderOperatorId: sender.operatorId ?? null,
          senderName: sender.name,
          recipientCount: audience.recipients,
          state: queued ? 'queued' : 'sending',
          maxUserId: queued ? await repository.newestUserId(client) : 0,
        });
        let recipients = audience.recipients;
        if (queued) {
          await jobs.send<BroadcastJobData>(BROADCAST_JOB, { broadcastId: id }, { key: `broadcast:${id}`, db: client });
        } else {
          const notifications = createNotificationService({ db: client, broadcaster: live.broadcaster, mail: deps.mail });
          const target: NotificationRecipients = audience.userId !== null ? audience.userId : { referralAgentId: audience.agentId! };
          const content = broadcastContent({ id, title: input.title, body: input.body, title_ar: input.title_ar || null, body_ar: input.body_ar || null, link: input.link });
          recipients = (await notifications.notify(target, content)).length;
          await repository.finishBroadcast(client, id, recipients);
        }
        await recordAudit(client, actor, {
          action: AUDIT_ACTIONS[audience.audience],
          target: auditTarget(audience, id),
          after: { broadcast_id: id, title: input.title, arabic: Boolean(input.title_ar), link: input.link, recipients, queued },
        });
        return id;
      });
      await live.flush();
      return repository.toBroadcast((await repository.findBroadcast(pool, broadcastId))!);
    },

    async fanOut(broadcastId, job) {
      try {
        while (!(await fanOutBatch(broadcastId))) {
          // next batch
        }
      } catch (error) {
        // The last attempt: the history says it failed, and why (the jobs page can still retry it).
        if (job && job.attempt > BROADCAST_RETRY_LIMIT) await repository.failBroadcast(pool, broadcastId, error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
  };
}

/**
 * The admin command's notify and notify-agent (cli/notify-commands.ts), recorded in the same history: the send's row
 * first (its id goes into each notification's data), then `notify` on the command's transaction, then the count.
 * Answers the stored notifications, as `notify` does.
 */
export async function sendFromCommandLine(
  db: Queryable,
  notifier: { notify(recipients: NotificationRecipients, content: NotificationContent): Promise<{ id: string }[]> },
  send: { audience: 'partner'; userId: number; label: string } | { audience: 'agent'; agentId: number; label: string },
  input: { title: string; body?: string; link?: string | null; type?: string },
  sender: BroadcastSender,
): Promise<{ broadcastId: number; sent: { id: string }[] }> {
  // A wording `notify` would refuse is refused before the history records anything.
  const checked = notificationInputSchema.safeParse({ ...input, data: {} });
  if (!checked.success) {
    const errors: FieldErrors = {};
    for (const issue of checked.error.issues) (errors[issue.path.join('.') || 'input'] ??= []).push(issue.message);
    throw new ValidationError(errors);
  }
  const id = await repository.insertBroadcast(db, {
    audience: send.audience,
    audienceUserId: send.audience === 'partner' ? send.userId : null,
    audienceAgentId: send.audience === 'agent' ? send.agentId : null,
    audienceLabel: send.label,
    title: input.title,
    body: input.body ?? '',
    titleAr: null,
    bodyAr: null,
    link: input.link || null,
    senderType: sender.type,
    senderOperatorId: null,
    senderName: sender.name,
    recipientCount: 0,
    state: 'sending',
    maxUserId: 0,
  });
  const sent = await notifier.notify(send.audience === 'partner' ? send.userId : { referralAgentId: send.agentId }, {
    type: input.type ?? NOTIFICATION_TYPES.message,
    title: input.title,
    body: input.body ?? '',
    link: input.link ?? null,
    data: { broadcast_id: id },
  });
  await repository.finishBroadcast(db, id, sent.length);
  return { broadcastId: id, sent };
}
