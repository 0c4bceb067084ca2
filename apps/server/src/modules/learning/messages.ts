import { translationsOf } from '../../lib/messages.ts';

/** The messages learning answers with, translated at the edge (lib/messages.ts). */
export const LEARNING_MESSAGES = {
  sectionRequired: 'The section field is required.',
  sectionInvalid: 'The selected section is invalid.',
  groupInvalid: 'The selected group is invalid.',
  partnerTypeInvalid: 'The selected partner type is invalid.',
  audienceEmpty: 'Choose at least one referral group or partner type, or show it to every partner.',
  effectiveOnRequired: 'The effective on field is required for the handbook.',
  versionMissing: 'The selected version does not exist.',
  videoFirst: 'Upload the video file before publishing it.',
  draftNotArchived: 'A draft that was never published is not archived; it is simply not shown.',
  notAVideo: 'Only a video item takes a video file.',
  captionsNotVtt: 'Captions must be a WebVTT file (starting with WEBVTT).',
  captionsTiming: 'A cue timing in the captions is not WebVTT (00:00.000 --> 00:04.000).',
  csrf: 'CSRF token mismatch.',
  handbookMoved: 'A new version of the handbook is in effect: read it, then acknowledge it.',
} as const;

export const LEARNING_TRANSLATIONS = translationsOf(LEARNING_MESSAGES, {
  ar: {
    sectionRequired: 'حقل القسم مطلوب.',
    sectionInvalid: 'القسم المختار غير صالح.',
    groupInvalid: 'المجموعة المختارة غير صالحة.',
    partnerTypeInvalid: 'نوع الشريك المختار غير صالح.',
    audienceEmpty: 'اختر مجموعة إحالة أو نوع شريك واحدًا على الأقل، أو اعرضه لكل الشركاء.',
    effectiveOnRequired: 'تاريخ السريان مطلوب لدليل الشركاء.',
    versionMissing: 'الإصدار المختار غير موجود.',
    videoFirst: 'ارفع ملف الفيديو قبل نشره.',
    draftNotArchived: 'المسودة التي لم تُنشر قط لا تُؤرشف؛ فهي ببساطة غير معروضة.',
    notAVideo: 'لا يقبل ملف فيديو إلا عنصر من نوع فيديو.',
    captionsNotVtt: 'يجب أن تكون الترجمة النصية ملف WebVTT (يبدأ بـ WEBVTT).',
    captionsTiming: 'أحد توقيتات الترجمة النصية ليس بصيغة WebVTT (00:00.000 --> 00:04.000).',
    csrf: 'رمز CSRF غير مطابق.',
    handbookMoved: 'أصبح إصدار جديد من دليل الشركاء ساريًا: اقرأه ثم أقرّ به.',
  },
});
