import { AGREEMENT_PUBLISHED_NOTIFICATION } from '@portal/contracts/profile';
import type { Queryable } from '../../db/queryable.ts';
import { defineNotice, type NotificationService } from '../notifications/public.ts';
import { applicableAgentIds, findAgreementRow } from './console-repository.ts';

/** The job that tells every agent an agreement applies to that it was published (queued in the publication's transaction). */
export const ANNOUNCE_PUBLISHED_AGREEMENT_JOB = 'agreements.announce-published';
export interface AnnouncePublishedAgreementData {
  agreementId: number;
}

/** What members read of a publication: its title as published, and whether an owner must sign it. */
export const AGREEMENT_PUBLISHED_NOTICE = defineNotice<{ title: string; mandatory: boolean }>('agreements.published', {
  en: ({ title, mandatory }) => ({
    title: `An agreement to read: ${title}`,
    body: mandatory ? 'An owner of your organisation must sign it; new commissions are held until then.' : 'The new version is ready to read and sign.',
  }),
  ar: ({ title, mandatory }) => ({
    title: `اتفاقية للقراءة: ${title}`,
    body: mandatory ? 'يجب أن يوقّعها مالك الحساب؛ تُحجز العمولات الجديدة حتى التوقيع.' : 'النسخة الجديدة متاحة للقراءة والتوقيع.',
  }),
}, { title: 'Partner terms 2027', mandatory: true });

/**
 * Tells the members of every agent the published agreement applies to, in each one's language; a mandatory one asks
 * the owners to sign. Answers how many agents were told. Run as a job, so a publication to thousands of agents does
 * not hold the operator's request.
 */
export async function announcePublishedAgreement(db: Queryable, notifications: Pick<NotificationService, 'notify'>, agreementId: number): Promise<number> {
  const agreement = await findAgreementRow(db, agreementId);
  if (!agreement || agreement.status !== 'published') return 0;
  const agents = await applicableAgentIds(db, agreementId);
  for (const agentId of agents) {
    await notifications.notify({ referralAgentId: agentId }, {
      type: AGREEMENT_PUBLISHED_NOTIFICATION,
      notice: AGREEMENT_PUBLISHED_NOTICE,
      values: { title: agreement.title, mandatory: agreement.mandatory },
      link: `/agreements?agreement=${agreementId}`,
      data: { agreement_id: agreementId, mandatory: agreement.mandatory },
    });
  }
  return agents.length;
}
