import { translationsOf } from '../../lib/messages.ts';

export const JOB_MESSAGES = {
  noSuchJob: 'No job of this queue has this id: it may have been archived.',
  notFailed: 'Only a failed job can be retried: this one is queued, running or done already.',
} as const;

export const JOB_TRANSLATIONS = translationsOf(JOB_MESSAGES, {
  ar: {
    noSuchJob: 'لا توجد مهمة بهذا المعرّف في هذه القائمة: ربما نُقلت إلى الأرشيف.',
    notFailed: 'لا تُعاد إلا مهمة فاشلة: هذه المهمة في الانتظار أو قيد التشغيل أو انتهت بالفعل.',
  },
});
