import type { Locale } from '@portal/contracts/preferences';
import { AGREEMENT_PUBLISHED_NOTIFICATION } from '@portal/contracts/profile';
import type { Queryable } from '../../db/queryable.ts';
import type { NotificationService } from '../notifications/public.ts';
import { applicableAgentIds, findAgreementRow } from './console-repository.ts';

/** The job that tells every agent an agreement applies to that it was published (queued in the publication's transaction). */
export const ANNOUNCE_PUBLISHED_AGREEMENT_JOB = 'agreements.announce-published';
export interface AnnouncePublishedAgreementData {
  agreementId: number;
}

const WORDS: Record<Locale, { title: (title: string) => string; mandatory: string; optional: string }> = {
  en: {
    title: (title) => `An agreement to read: ${title}`,
    mandatory: 'An owner of your organisation must sign it; new commissions are held until then.',
    optional: 'The new version is ready to read and sign.',
  },
  ar: {
    title: (title) => `اتفاقية للقراءة: ${title}`,
    mandatory: 'يجب أن يوقّعها مالك الحساب؛ تُحجز العمولات الجديدة حتى التوقيع.',
    optional: 'النسخة الجديدة متاحة للقراءة والتوقيع.',
  },
};

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
    await notifications.notify({ referralAgentId: agentId }, (locale) => ({
      type: AGREEMENT_PUBLISHED_NOTIFICATION,
      title: WORDS[locale].title(agreement.title),
      body: agreement.mandatory ? WORDS[locale].mandatory : WORDS[locale].optional,
      link: `/agreements?agreement=${agreementId}`,
      data: { agreement_id: agreementId, mandatory: agreement.mandatory },
    }));
  }
  return agents.length;
}
