import { Readable } from 'node:stream';
import type pg from 'pg';
import { AFFILIATES_GROUP } from '@portal/contracts/constants';
import { ELECTRONIC_RECORDS_CONSENT, type AgreementDetail, type AgreementStatus, type AgreementSummary, type SignAgreementRequest } from '@portal/contracts/agreements';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { markdownToSafeHtml, sha256Hex, shownText } from './agreement-text.ts';
import { AGREEMENTS_MESSAGES as M } from './messages.ts';
import * as repository from './repository.ts';
import type { AcceptanceRecord, AgreementRecord } from './repository.ts';
import { buildSignedPdf } from './signed-pdf.ts';
import type { CommissionRates } from '../commission-rates/public.ts';

export const SIGNED_AGREEMENT_KIND = 'signed-agreement';

/** An agreement's state for one agent, or null when it does not concern the agent any more (an old unsigned version). */
export function statusOf(agreement: AgreementRecord, acceptance: AcceptanceRecord | null, now: Date): AgreementStatus | null {
  const expired = agreement.status === 'withdrawn' || (agreement.expires_at !== null && agreement.expires_at.getTime() <= now.getTime());
  const latest = agreement.latest_version === null || agreement.version >= agreement.latest_version;
  if (acceptance) return expired ? 'expired' : latest ? 'active' : 'superseded';
  if (expired || !latest) return null;
  return 'action_needed';
}

function summaryOf(agreement: AgreementRecord, acceptance: AcceptanceRecord | null, status: AgreementStatus): AgreementSummary {
  return {
    id: agreement.id,
    kind: agreement.kind,
    key: agreement.key,
    version: agreement.version,
    title: agreement.title,
    mandatory: agreement.mandatory,
    effective_at: agreement.effective_at.toISOString(),
    expires_at: agreement.expires_at?.toISOString() ?? null,
    status,
    acceptance: acceptance
      ? { signer_name: acceptance.signer_name, signed_at: acceptance.signed_at.toISOString(), text_sha256: acceptance.text_sha256, pdf_sha256: acceptance.signed_pdf?.sha256 ?? null }
      : null,
  };
}

export interface AgreementsService {
  list(db: Queryable, referralAgentId: number, now: Date): Promise<{ agreements: AgreementSummary[]; pending_mandatory: boolean }>;
  /** One agreement as the signer reads it; undefined when it does not concern the agent. */
  detail(db: Queryable, referralAgentId: number, id: number, now: Date): Promise<AgreementDetail | undefined>;
  individualContract(db: Queryable, referralAgentId: number, now: Date): Promise<AgreementDetail | null>;
  pendingMandatory(db: Queryable, referralAgentId: number, now?: Date): Promise<boolean>;
  sign(
    pool: pg.Pool,
    signer: { userId: number; email: string; referralAgentId: number; ip: string; userAgent: string; role: string },
    id: number,
    request: SignAgreementRequest,
    now: Date,
  ): Promise<AgreementDetail>;
}

export function createAgreementsService(deps: { storage: Pick<FileStore, 'save' | 'delete'>; rates: Pick<CommissionRates, 'contractRates'> }): AgreementsService {
  async function concerning(db: Queryable, referralAgentId: number, now: Date) {
    return (await repository.agentAgreements(db, referralAgentId))
      .map((agreement) => ({ agreement, status: statusOf(agreement, agreement.acceptance, now) }))
      .filter((entry): entry is { agreement: (typeof entry)['agreement']; status: AgreementStatus } => entry.status !== null);
  }

  async function detailOf(db: Queryable, referralAgentId: number, agreement: AgreementRecord, acceptance: AcceptanceRecord | null, status: AgreementStatus): Promise<AgreementDetail> {
    const text = shownText(agreement);
    const heading = await repository.agentHeading(db, referralAgentId);
    const affiliate = heading?.group_slug === AFFILIATES_GROUP;
    const schedule = agreement.kind === 'individual' ? await deps.rates.contractRates(db, agreement.id) : agreement.rate_schedule;
    return {
      ...summaryOf(agreement, acceptance, status),
      text,
      text_sha256: sha256Hex(text),
      body_html: markdownToSafeHtml(agreement.body_markdown),
      // No rate reaches the affiliates group (spec §2): their agreements come without the schedule.
      ...(affiliate ? {} : { rate_schedule: schedule as AgreementDetail['rate_schedule'] }),
      consent_text: ELECTRONIC_RECORDS_CONSENT,
    };
  }

  const service: AgreementsService = {
    async list(db, referralAgentId, now) {
      const entries = await concerning(db, referralAgentId, now);
      return {
        agreements: entries.map(({ agreement, status }) => summaryOf(agreement, agreement.acceptance, status)),
        pending_mandatory: entries.some(({ agreement, status }) => status === 'action_needed' && agreement.mandatory),
      };
    },

    async detail(db, referralAgentId, id, now) {
      const entry = (await concerning(db, referralAgentId, now)).find(({ agreement }) => agreement.id === id);
      return entry ? detailOf(db, referralAgentId, entry.agreement, entry.agreement.acceptance, entry.status) : undefined;
    },

    async individualContract(db, referralAgentId, now) {
      const entry = (await concerning(db, referralAgentId, now)).find(({ agreement }) => agreement.kind === 'individual');
      return entry ? detailOf(db, referralAgentId, entry.agreement, entry.agreement.acceptance, entry.status) : null;
    },

    async pendingMandatory(db, referralAgentId, now = new Date()) {
      return (await service.list(db, referralAgentId, now)).pending_mandatory;
    },

    async sign(pool, signer, id, request, now) {
      // One signature per agreement and agent: the checks, the stored PDF and the row happen under one lock of that
      // pair, so two owners signing at the same moment get one signature and one 409, and no PDF is left behind.
      const agreement = await inTransaction(pool, async (client) => {
        await client.query("SELECT pg_advisory_xact_lock(hashtext('agreement-sign'), hashtext($1))", [`${id}:${signer.referralAgentId}`]);
        const entry = (await concerning(client, signer.referralAgentId, now)).find(({ agreement: candidate }) => candidate.id === id);
        if (!entry) throw new NotFoundError();
        if (entry.status !== 'action_needed') throw new AppError(409, M.notAwaitingSignature, 'agreement_not_awaiting_signature');
        const text = shownText(entry.agreement);
        const textSha256 = sha256Hex(text);
        if (textSha256 !== request.text_sha256) throw new AppError(409, M.textChanged, 'agreement_text_changed');
        const agent = (await repository.agentHeading(client, signer.referralAgentId))!;
        const pdf = await buildSignedPdf({
          title: entry.agreement.title,
          version: entry.agreement.version,
          bodyMarkdown: entry.agreement.body_markdown,
          agentName: agent.name,
          signerName: request.signer_name,
          signerEmail: signer.email,
          signedAt: now,
          ip: signer.ip,
          userAgent: signer.userAgent,
          consentText: ELECTRONIC_RECORDS_CONSENT,
          textSha256,
        });
        const stored = await deps.storage.save(SIGNED_AGREEMENT_KIND, Readable.from([pdf]), { filename: `${entry.agreement.key}-v${entry.agreement.version}-signed.pdf` });
        try {
          await repository.insertAcceptance(client, {
            agreement_id: id,
            referral_agent_id: signer.referralAgentId,
            user_id: signer.userId,
            signer_name: request.signer_name,
            consent_text: ELECTRONIC_RECORDS_CONSENT,
            text_sha256: textSha256,
            ip: signer.ip,
            user_agent: signer.userAgent,
            signed_pdf: { ...stored, sha256: sha256Hex(pdf) },
            signed_at: now,
          });
          await recordAudit(client, { type: 'partner', id: signer.userId, role: signer.role, ip: signer.ip, userAgent: signer.userAgent }, {
            action: 'agreement.signed',
            target: { type: 'agreement', id },
            after: { referral_agent_id: signer.referralAgentId, signer_name: request.signer_name, text_sha256: textSha256 },
          });
        } catch (error) {
          // The row was not written: the PDF it would have pointed to goes too.
          await deps.storage.delete(stored.key).catch(() => undefined);
          throw error;
        }
        return entry.agreement;
      });
      const acceptance = (await repository.findAcceptance(pool, id, signer.referralAgentId))!;
      return detailOf(pool, signer.referralAgentId, agreement, acceptance, 'active');
    },
  };
  return service;
}
