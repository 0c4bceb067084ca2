import { messageTemplate, translationsOf } from '../../lib/messages.ts';

export const COMMISSION_RATES_MESSAGES = {
  // Spec §2: the affiliates referral group is barred from the commission structure; the API says why.
  affiliatesBarred: 'The commission structure is not part of the affiliates programme.',
  // The console's rate card editor.
  overlaps: messageTemplate('Another rate for the same facility, service and tier applies from :from to :to: end it first, or start this one later.'),
  openEnded: 'open-ended',
  currencyNotFacility: messageTemplate('This facility bills in :currency: a flat amount for it must be in :currency.'),
  unknownFacility: 'The selected facility does not exist.',
  unknownService: 'The selected service does not exist.',
  unknownSpecialty: 'The selected specialty does not exist.',
  unknownTier: 'The selected tier does not exist.',
  endNotAfterStart: messageTemplate('A rate that starts on :from can end on :next at the earliest.'),
  tooManyDecimals: 'The amount has more decimals than its currency has.',
  alreadyEnds: messageTemplate('This rate already ends on :to; a rate is only ever ended earlier, never extended.'),
} as const;

export const COMMISSION_RATES_TRANSLATIONS = translationsOf(COMMISSION_RATES_MESSAGES, {
  ar: {
    affiliatesBarred: 'هيكل العمولات ليس جزءًا من برنامج الشركاء التابعين.',
    overlaps: 'يوجد سعر آخر للمنشأة والخدمة والمستوى نفسها يسري من :from إلى :to: أنهِه أولًا، أو ابدأ هذا السعر لاحقًا.',
    openEnded: 'غير محدد',
    currencyNotFacility: 'تصدر هذه المنشأة فواتيرها بعملة :currency: يجب أن يكون المبلغ الثابت لها بعملة :currency.',
    unknownFacility: 'المنشأة المحددة غير موجودة.',
    unknownService: 'الخدمة المحددة غير موجودة.',
    unknownSpecialty: 'التخصص المحدد غير موجود.',
    unknownTier: 'المستوى المحدد غير موجود.',
    endNotAfterStart: 'السعر الذي يبدأ في :from يمكن أن ينتهي في :next على أقرب تقدير.',
    tooManyDecimals: 'يحتوي المبلغ على منازل عشرية أكثر مما تسمح به عملته.',
    alreadyEnds: 'ينتهي هذا السعر في :to بالفعل؛ يمكن إنهاء السعر مبكرًا فقط، ولا يمكن تمديده.',
  },
});
