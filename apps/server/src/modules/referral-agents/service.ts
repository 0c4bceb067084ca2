import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { CreateReferralGroupRequest, ReferralAgentDetail, ReferralAgentRequest, ReferralGroupRow } from '@portal/contracts/console-referral-agents';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { FileRejectedError, type FileRejection, type FileStore } from '../../lib/storage/file-store.ts';
import { REFERRAL_AGENT_MESSAGES as M } from './messages.ts';
import { consoleLogoUrl, partnerLogoUrl, AGENT_LOGO_KIND } from './logos.ts';
import {
  agentDetail,
  agentNameTaken,
  findAgent,
  findGroup,
  groupNameTaken,
  groupSlugTaken,
  insertAgent,
  insertGroup,
  lockNames,
  renameGroup,
  setAgentLogo,
  updateAgent,
  type AgentRecord,
  type StoredLogo,
} from './repository.ts';

/** What the audit row keeps of a logo: what partners load, and the stored file (never its bytes). */
function logoAudit(record: Pick<AgentRecord, 'logo' | 'logo_file'>) {
  const file = record.logo_file;
  return { logo: record.logo, logo_file: file ? { key: file.key, type: file.contentType, size: file.size, name: file.name } : null };
}

function agentAudit(record: Pick<AgentRecord, 'name' | 'referral_group_id' | 'group_slug'>) {
  return { name: record.name, referral_group_id: record.referral_group_id, referral_group: record.group_slug };
}

const LOGO_REJECTIONS: Record<FileRejection, string> = {
  too_large: M.logoTooLarge,
  type_not_allowed: M.logoTypeNotAllowed,
  empty: M.logoEmpty,
  // A logo kind takes images only: a PDF is refused by its type before its content is read.
  not_a_pdf: M.logoTypeNotAllowed,
  html_inside: M.logoTypeNotAllowed,
  active_content: M.logoTypeNotAllowed,
  encrypted: M.logoTypeNotAllowed,
};

export async function agentDetailOf(db: Queryable, id: number): Promise<ReferralAgentDetail> {
  const record = await findAgent(db, id);
  if (!record) throw new NotFoundError();
  return agentDetail(record, consoleLogoUrl(record));
}

/**
 * The console's writes to referral agents and groups. Each runs in one transaction with its audit row; a name another
 * agent (or group) has is a 422 at the name, taken under the names lock so two operators cannot both take it; a group
 * that does not exist is a 422 too. A logo is stored (sniffed and re-encoded by the file store) before its row is
 * written, and whichever file no row refers to afterwards (the replaced one, or the new one if the write failed) is
 * deleted.
 */
export function createReferralAgentsService({ pool, storage, log }: { pool: pg.Pool; storage: FileStore; log: FastifyBaseLogger }) {
  /** Removes a stored file no row refers to any more; a failure only leaves an orphan, so it is logged, not thrown. */
  async function discard(key: string): Promise<void> {
    await storage.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'an agent logo could not be deleted'));
  }

  /** The group must exist and the name be free (under the names lock, in the write's transaction). */
  async function checkAgent(client: Queryable, body: ReferralAgentRequest, exceptId?: number) {
    const errors: Record<string, string[]> = {};
    const group = await findGroup(client, body.referral_group_id);
    if (!group) errors.referral_group_id = [M.groupNotFound];
    await lockNames(client, 'agents');
    if (await agentNameTaken(client, body.name, exceptId)) errors.name = [M.agentNameTaken];
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return group!;
  }

  /** Stores an uploaded image as a logo, or says in the field's 422 why it was refused. */
  async function storeLogo(upload: unknown, filename: string | undefined): Promise<StoredLogo> {
    if (upload === undefined || upload === null) throw ValidationError.field('logo', M.logoEmpty);
    if (!(upload instanceof Readable)) throw ValidationError.field('logo', M.logoNotSent);
    try {
      return await storage.save(AGENT_LOGO_KIND, upload, filename ? { filename } : {});
    } catch (error) {
      if (!(error instanceof FileRejectedError)) throw error;
      const message = error.reason === 'type_not_allowed' && /could not be read/.test(error.message) ? M.logoUnreadable : LOGO_REJECTIONS[error.reason];
      throw ValidationError.field('logo', message);
    }
  }

  return {
    createAgent(actor: AuditActor, body: ReferralAgentRequest): Promise<ReferralAgentDetail> {
      return inTransaction(pool, async (client) => {
        const group = await checkAgent(client, body);
        const id = await insertAgent(client, { name: body.name, referralGroupId: group.id });
        await recordAudit(client, actor, {
          action: 'referral_agent.created',
          target: { type: 'referral_agent', id },
          after: { name: body.name, referral_group_id: group.id, referral_group: group.slug },
        });
        return agentDetailOf(client, id);
      });
    },

    updateAgent(actor: AuditActor, id: number, body: ReferralAgentRequest): Promise<ReferralAgentDetail> {
      return inTransaction(pool, async (client) => {
        const before = await findAgent(client, id, { lock: true });
        if (!before) throw new NotFoundError();
        const group = await checkAgent(client, body, before.id);
        await updateAgent(client, before.id, { name: body.name, referralGroupId: group.id });
        await recordAudit(client, actor, {
          action: 'referral_agent.updated',
          target: { type: 'referral_agent', id: before.id },
          before: agentAudit(before),
          after: { name: body.name, referral_group_id: group.id, referral_group: group.slug },
        });
        return agentDetailOf(client, before.id);
      });
    },

    async uploadLogo(actor: AuditActor, id: number, upload: unknown, filename: string | undefined): Promise<ReferralAgentDetail> {
      if (!(await findAgent(pool, id))) throw new NotFoundError();
      const stored = await storeLogo(upload, filename);
      try {
        const { detail, previous } = await inTransaction(pool, async (client) => {
          const before = await findAgent(client, id, { lock: true });
          if (!before) throw new NotFoundError();
          const logo = partnerLogoUrl(stored);
          await setAgentLogo(client, id, logo, stored);
          await recordAudit(client, actor, {
            action: 'referral_agent.logo_uploaded',
            target: { type: 'referral_agent', id },
            before: logoAudit(before),
            after: logoAudit({ logo, logo_file: stored }),
          });
          return { detail: await agentDetailOf(client, id), previous: before.logo_file };
        });
        if (previous) await discard(previous.key);
        return detail;
      } catch (error) {
        await discard(stored.key);
        throw error;
      }
    },

    async removeLogo(actor: AuditActor, id: number): Promise<ReferralAgentDetail> {
      const { detail, removed } = await inTransaction(pool, async (client) => {
        const before = await findAgent(client, id, { lock: true });
        if (!before) throw new NotFoundError();
        if (!before.logo_file) throw new ConflictError(M.noLogo);
        await setAgentLogo(client, before.id, null, null);
        await recordAudit(client, actor, {
          action: 'referral_agent.logo_removed',
          target: { type: 'referral_agent', id: before.id },
          before: logoAudit(before),
          after: { logo: null, logo_file: null },
        });
        return { detail: await agentDetailOf(client, before.id), removed: before.logo_file };
      });
      await discard(removed.key);
      return detail;
    },

    createGroup(actor: AuditActor, body: CreateReferralGroupRequest): Promise<ReferralGroupRow> {
      return inTransaction(pool, async (client) => {
        await lockNames(client, 'groups');
        const errors: Record<string, string[]> = {};
        if (await groupSlugTaken(client, body.slug)) errors.slug = [M.groupSlugTaken];
        if (await groupNameTaken(client, body.name)) errors.name = [M.groupNameTaken];
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        const id = await insertGroup(client, body);
        await recordAudit(client, actor, {
          action: 'referral_group.created',
          target: { type: 'referral_group', id },
          after: { slug: body.slug, name: body.name },
        });
        return (await findGroup(client, id))!;
      });
    },

    renameGroup(actor: AuditActor, id: number, name: string): Promise<ReferralGroupRow> {
      return inTransaction(pool, async (client) => {
        const before = await findGroup(client, id, { lock: true });
        if (!before) throw new NotFoundError();
        await lockNames(client, 'groups');
        if (await groupNameTaken(client, name, before.id)) throw ValidationError.field('name', M.groupNameTaken);
        await renameGroup(client, before.id, name);
        await recordAudit(client, actor, {
          action: 'referral_group.updated',
          target: { type: 'referral_group', id: before.id },
          before: { name: before.name },
          after: { name },
        });
        return (await findGroup(client, before.id))!;
      });
    },
  };
}
