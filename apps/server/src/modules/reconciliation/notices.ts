import { defineNotice, type NoticeDay } from '../notifications/public.ts';

/**
 * What reconciliation tells the members who reconcile (owner, manager, finance): a facility's new statement, replies
 * and resolutions of their disputes, a period locking soon. Facilities and months only: never a patient.
 */

export const STATEMENT_RECEIVED_NOTICE = defineNotice<{ facility: string; month: string; suggested: number }>(
  'reconciliation.statement_received',
  {
    en: ({ facility, month, suggested }, format) => ({
      title: 'New statement from a facility',
      body: `${facility} sent its statement for ${month}.${suggested > 0 ? ` ${format.number(suggested)} suggested ${suggested === 1 ? 'match awaits' : 'matches await'} your confirmation.` : ''}`,
    }),
    ar: ({ facility, month, suggested }, format) => ({
      title: 'كشف جديد من منشأة',
      body: `أرسلت ${facility} كشف ${month}.${suggested > 0 ? ` ${suggested === 1 ? 'مطابقة مقترحة واحدة تنتظر' : `${format.number(suggested)} مطابقات مقترحة تنتظر`} تأكيدك.` : ''}`,
    }),
  },
  { facility: 'Harbor View Hospital', month: '2026-10', suggested: 3 },
);

export const DISPUTE_REPLY_NOTICE = defineNotice<{ facility: string; month: string }>('reconciliation.dispute_reply', {
  en: { title: 'Reply on a dispute', body: 'The reconciliation team replied on your dispute at {facility} ({month}).' },
  ar: { title: 'رد على نزاع', body: 'ردّ فريق التسوية على نزاعك لدى {facility} ({month}).' },
});

export const DISPUTE_RESOLVED_NOTICE = defineNotice<{ facility: string; month: string; accepted: boolean }>(
  'reconciliation.dispute_resolved',
  {
    en: ({ facility, month, accepted }) => ({ title: 'Dispute resolved', body: `Your dispute at ${facility} (${month}) was ${accepted ? 'accepted' : 'rejected'}.` }),
    ar: ({ facility, month, accepted }) => ({ title: 'تمت تسوية نزاع', body: `${accepted ? 'قُبل' : 'رُفض'} نزاعك لدى ${facility} (${month}).` }),
  },
  { facility: 'Harbor View Hospital', month: '2026-10', accepted: true },
);

export const LOCKING_SOON_NOTICE = defineNotice<{ facility: string; month: string; on: NoticeDay }>('reconciliation.locking_soon', {
  en: { title: 'A period locks soon', body: 'The period at {facility} ({month}) locks on {on}: confirm suggestions and raise disputes before then.' },
  ar: { title: 'فترة تقترب من الإقفال', body: 'تُقفل فترة {facility} ({month}) في {on}: أكّد الاقتراحات وقدّم النزاعات قبل ذلك.' },
});
