import { messageTemplate, translationsOf } from '../../lib/messages.ts';

/** The console's facility answers (409s) a person reads, in English; the Arabic is below. */
export const FACILITY_MESSAGES = {
  facilityExists: messageTemplate('A facility named :name already exists in :city.'),
  locationExists: messageTemplate('This facility already has a location named :name.'),
  locationInUse: messageTemplate('This location cannot be removed: bookings refer to it (:count).'),
  slugRace: 'Another facility with a similar name was created at the same moment. Please try again.',
  currencyHasFlatRates: messageTemplate('The rate card has flat rates in :currency for this facility: end them before it bills in another currency.'),
} as const;

export const FACILITY_TRANSLATIONS = translationsOf(FACILITY_MESSAGES, {
  ar: {
    facilityExists: 'توجد منشأة باسم :name في :city بالفعل.',
    locationExists: 'لدى هذه المنشأة موقع باسم :name بالفعل.',
    locationInUse: 'لا يمكن إزالة هذا الموقع: تشير إليه حجوزات (:count).',
    slugRace: 'أُنشئت منشأة أخرى باسم مشابه في اللحظة نفسها. يُرجى المحاولة مرة أخرى.',
    currencyHasFlatRates: 'في جدول العمولات أسعار ثابتة بعملة :currency لهذه المنشأة: أنهِها قبل أن تصدر فواتيرها بعملة أخرى.',
  },
});
