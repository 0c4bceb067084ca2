import type { Readable } from 'node:stream';
import type pg from 'pg';
import { FEEDBACK_ANSWERED_NOTIFICATION, seesAgentFeedback, type FeedbackAttachment, type FeedbackStatus, type FeedbackThread } from '@portal/contracts/feedback';
import { type ConsoleFeedbackThread } from '@portal/contracts/console-feedback';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { isLocale, type Locale } from '@portal/contracts/preferences';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { FileRejectedError, type FileRejection, type FileStore, type StoredFile } from '../../lib/storage/file-store.ts';
import type { AuthenticatedUser } from '../../plugins/auth-guard.ts';
import type { AuthenticatedOperator } from '../../plugins/operator-session.ts';
import type { NotificationService } from '../notifications/public.ts';
import { feedbackReplyMail } from './mails.ts';
import { FEEDBACK_ANSWERED_NOTICE, FEEDBACK_MESSAGES as M, SUPPORT_NAME } from './messages.ts';
import * as repository from './repository.ts';

/** The file store's kind of a feedback attachment: images or PDF, up to 10 MB, encrypted at rest (health data). */
export const FEEDBACK_ATTACHMENT_KIND = 'feedback-attachment';

export interface FeedbackDependencies {
  pool: pg.Pool;
  storage: FileStore;
  mailer: Pick<Mailer, 'queue'>;
  notifications: Pick<NotificationService, 'notify'>;
  appUrl: string;
}

export function viewerOf(user: Pick<AuthenticatedUser, 'id' | 'referralAgentId' | 'role'>): repository.FeedbackViewer {
  return { referralAgentId: user.referralAgentId, authorId: seesAgentFeedback(user.role) ? null : user.id };
}

/** The partner's page of one thread: its link in notifications and e-mails. */
export function threadPath(id: number): string {
  return `/feedback/${id}`;
}

function attachmentOf(record: repository.AttachmentRecord): FeedbackAttachment {
  return { id: record.id, name: record.file.name, content_type: record.file.contentType, size: record.file.size };
}

/** Why a file is refused, in words its sender can act on. */
const FILE_REJECTIONS: Record<FileRejection, string> = {
  too_large: M.fileTooLarge,
  type_not_allowed: M.fileTypeNotAllowed,
  empty: M.fileEmpty,
  not_a_pdf: M.pdfNotReadable,
  html_inside: M.pdfHtmlInside,
  active_content: M.pdfActiveContent,
  encrypted: M.pdfEncrypted,
};

function excerpt(text: string, length = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

export function createFeedbackService(deps: FeedbackDependencies) {
  const { pool } = deps;

  async function messagesWithAttachments(db: Queryable, threadId: number, internal: boolean) {
    const messages = await repository.messagesOf(db, threadId, { internal });
    const attachments = await repository.attachmentsOfMessages(
      db,
      messages.map((message) => message.id),
    );
    return messages.map((message) => ({
      message,
      attachments: attachments.filter((attachment) => attachment.message_id === message.id).map(attachmentOf),
    }));
  }

  /** Gives the uploads to the message, all or none: an id that is not the member's own, unclaimed upload is a 422. */
  async function claim(client: Queryable, userId: number, ids: readonly number[], messageId: number): Promise<void> {
    const unique = [...new Set(ids)];
    const claimed = await repository.claimUploads(client, userId, unique, messageId);
    if (claimed !== unique.length) throw ValidationError.field('attachment_ids', M.attachmentUnknown);
  }

  async function partnerThread(db: Queryable, user: AuthenticatedUser, id: number, locale: Locale): Promise<FeedbackThread> {
    const record = await repository.findThreadForViewer(db, viewerOf(user), id);
    if (!record) throw new NotFoundError();
    const messages = await messagesWithAttachments(db, id, false);
    return {
      ...repository.toFeedbackRow(record),
      page_url: record.page_url,
      app_version: record.app_version,
      language: record.language,
      can_reply: record.status !== 'closed',
      // Built field by field: an internal note could not ride along even if the query let one through.
      messages: messages.map(({ message, attachments }) => ({
        id: message.id,
        author_type: message.author_type,
        author_name: message.author_type === 'operator' ? SUPPORT_NAME[locale] : (message.author_name ?? ''),
        body: message.body,
        attachments,
        created_at: message.created_at.toISOString(),
      })),
    };
  }

  async function consoleThread(db: Queryable, id: number): Promise<ConsoleFeedbackThread> {
    const record = await repository.findThread(db, id);
    if (!record) throw new NotFoundError();
    const messages = await messagesWithAttachments(db, id, true);
    return {
      ...repository.toConsoleRow(record),
      author_email: record.author_email,
      page_url: record.page_url,
      app_version: record.app_version,
      language: record.language,
      messages: messages.map(({ message, attachments }) => ({
        id: message.id,
        author_type: message.author_type,
        author_name: message.author_name ?? '',
        internal: message.internal,
        body: message.body,
        attachments,
        created_at: message.created_at.toISOString(),
      })),
    };
  }

  return {
    partnerThread: (user: AuthenticatedUser, id: number, locale: Locale) => partnerThread(pool, user, id, locale),
    consoleThread: (id: number) => consoleThread(pool, id),

    /** Stores one uploaded file (sniffed, bounded, encrypted) as the member's, not yet attached to a message. */
    async upload(user: AuthenticatedUser, stream: Readable, filename: string | undefined): Promise<FeedbackAttachment> {
      let file: StoredFile;
      try {
        file = await deps.storage.save(FEEDBACK_ATTACHMENT_KIND, stream, filename ? { filename } : {});
      } catch (error) {
        if (!(error instanceof FileRejectedError)) throw error;
        throw ValidationError.field('file', FILE_REJECTIONS[error.reason]);
      }
      try {
        const id = await repository.insertUpload(pool, user.id, file);
        return { id, name: file.name, content_type: file.contentType, size: file.size };
      } catch (error) {
        await deps.storage.delete(file.key).catch(() => undefined);
        throw error;
      }
    },

    /** A new thread: its first message and its attachments, in one transaction. */
    async submit(
      user: AuthenticatedUser,
      body: { category: repository.NewThread['category']; rating?: number | null | undefined; message: string; attachment_ids: number[]; page_url?: string | null | undefined; app_version?: string | null | undefined; language?: string | null | undefined },
      locale: Locale,
    ): Promise<FeedbackThread> {
      return inTransaction(pool, async (client) => {
        const id = await repository.insertThread(client, {
          referralAgentId: user.referralAgentId,
          authorUserId: user.id,
          category: body.category,
          rating: body.rating ?? null,
          pageUrl: body.page_url ?? null,
          appVersion: body.app_version ?? null,
          language: body.language ?? locale,
        });
        const messageId = await repository.insertMessage(client, { threadId: id, authorType: 'partner', authorUserId: user.id, body: body.message });
        await claim(client, user.id, body.attachment_ids, messageId);
        return partnerThread(client, user, id, locale);
      });
    },

    /** The member's reply; refused (409) once the thread is closed. An answered thread goes back to review. */
    async reply(user: AuthenticatedUser, id: number, body: { message: string; attachment_ids: number[] }, locale: Locale): Promise<FeedbackThread> {
      return inTransaction(pool, async (client) => {
        const thread = await repository.findThreadForViewer(client, viewerOf(user), id, { lock: true });
        if (!thread) throw new NotFoundError();
        if (thread.status === 'closed') throw new ConflictError(M.closed);
        const messageId = await repository.insertMessage(client, { threadId: id, authorType: 'partner', authorUserId: user.id, body: body.message });
        await claim(client, user.id, body.attachment_ids, messageId);
        if (thread.status === 'answered') await repository.setStatus(client, id, 'in_review');
        return partnerThread(client, user, id, locale);
      });
    },

    async partnerAttachment(user: AuthenticatedUser, threadId: number, attachmentId: number): Promise<StoredFile> {
      const thread = await repository.findThreadForViewer(pool, viewerOf(user), threadId);
      if (!thread) throw new NotFoundError();
      const file = await repository.findAttachmentOfThread(pool, threadId, attachmentId);
      if (!file) throw new NotFoundError();
      return file;
    },

    async consoleAttachment(threadId: number, attachmentId: number): Promise<StoredFile> {
      const file = await repository.findAttachmentOfThread(pool, threadId, attachmentId);
      if (!file) throw new NotFoundError();
      return file;
    },

    /**
     * An operator's reply (the thread becomes answered; the author is told live and by e-mail, in their language) or
     * internal note (nothing changes for the partner). One transaction with its audit row and the queued e-mail; the
     * live notification after the commit.
     */
    async operatorReply(
      operator: AuthenticatedOperator,
      actor: AuditActor,
      id: number,
      body: { message: string; internal: boolean },
    ): Promise<ConsoleFeedbackThread> {
      const { thread, detail } = await inTransaction(pool, async (client) => {
        const thread = await repository.findThread(client, id, { lock: true });
        if (!thread) throw new NotFoundError();
        if (!body.internal && thread.status === 'closed') throw new ConflictError(M.closed);
        const messageId = await repository.insertMessage(client, { threadId: id, authorType: 'operator', authorOperatorId: operator.id, internal: body.internal, body: body.message });
        if (!body.internal && thread.status !== 'answered') await repository.setStatus(client, id, 'answered');
        await recordAudit(client, actor, {
          action: body.internal ? 'feedback.note_added' : 'feedback.replied',
          target: { type: 'feedback_thread', id },
          before: body.internal ? null : { status: thread.status },
          after: { message_id: messageId, ...(body.internal ? {} : { status: 'answered' }) },
        });
        if (!body.internal) {
          const locale: Locale = isLocale(thread.author_locale) ? thread.author_locale : 'en';
          await deps.mailer.queue(
            feedbackReplyMail({ to: thread.author_email, firstName: thread.author_first_name, reply: body.message, link: `${deps.appUrl}${threadPath(id)}`, locale }),
            { db: client },
          );
        }
        return { thread, detail: await consoleThread(client, id) };
      });
      if (!body.internal) {
        await deps.notifications.notify(thread.author_user_id, {
          type: FEEDBACK_ANSWERED_NOTIFICATION,
          notice: FEEDBACK_ANSWERED_NOTICE,
          values: { excerpt: excerpt(body.message) },
          link: threadPath(id),
          data: { feedback_id: id },
        });
      }
      return detail;
    },

    async changeStatus(operator: AuthenticatedOperator, actor: AuditActor, id: number, status: FeedbackStatus): Promise<ConsoleFeedbackThread> {
      return inTransaction(pool, async (client) => {
        const thread = await repository.findThread(client, id, { lock: true });
        if (!thread) throw new NotFoundError();
        if (thread.status !== status) {
          await repository.setStatus(client, id, status);
          await recordAudit(client, actor, {
            action: 'feedback.status_changed',
            target: { type: 'feedback_thread', id },
            before: { status: thread.status },
            after: { status },
          });
        }
        return consoleThread(client, id);
      });
    },

    async changeAssignee(operator: AuthenticatedOperator, actor: AuditActor, id: number, assigneeId: number | null): Promise<ConsoleFeedbackThread> {
      return inTransaction(pool, async (client) => {
        const thread = await repository.findThread(client, id, { lock: true });
        if (!thread) throw new NotFoundError();
        if (assigneeId !== null) {
          const assignee = await repository.findOperator(client, assigneeId);
          if (!assignee || !operatorCan(assignee.role, 'feedback.manage')) throw ValidationError.field('assignee_id', M.assigneeUnknown);
        }
        if (thread.assignee_operator_id !== assigneeId) {
          await repository.setAssignee(client, id, assigneeId);
          await recordAudit(client, actor, {
            action: 'feedback.assigned',
            target: { type: 'feedback_thread', id },
            before: { assignee_id: thread.assignee_operator_id },
            after: { assignee_id: assigneeId },
          });
        }
        return consoleThread(client, id);
      });
    },

    async options() {
      const { agents, operators } = await repository.consoleOptions(pool);
      return { agents, operators: operators.filter((operator) => operatorCan(operator.role, 'feedback.manage')).map(({ id, name }) => ({ id, name })) };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
