import { translationsOf } from '../../lib/messages.ts';

/** What the console's booking writes answer with besides the contracts' field messages (operations-service.ts). */
export const BOOKING_CONSOLE_MESSAGES = {
  finalStatus: 'This booking’s status is final: it cannot change any more.',
  illegalTransition: 'The booking cannot move to that status from its current one.',
  alreadyInStatus: 'The booking already has that status.',
  statusChanged: 'Someone changed this booking’s status meanwhile. Reload it to see the change.',
  invoiceChanged: 'Someone changed this booking’s invoice status meanwhile. Reload it to see the change.',
  amountChanged: 'Someone changed this booking’s amount meanwhile. Reload it to see the change.',
  alreadyInvoiceStatus: 'The invoice already has that status.',
  amountNeedsFinance: 'Only an operator with the finance permission can set an amount other than the service’s price.',
  unknownAgent: 'There is no such referral agent.',
  patientNotOfAgent: 'This patient is not a client of the chosen agent.',
  partnerNotOfAgent: 'This partner is not an approved partner of the chosen agent.',
  unknownFacility: 'There is no such facility.',
  locationNotOfFacility: 'This location is not one of the facility’s.',
  serviceNotOfFacility: 'This service is not one the facility offers.',
  unknownAssignee: 'There is no such staff member.',
  ticketTaken: 'Another booking already has this ticket number.',
} as const;

export const BOOKING_CONSOLE_TRANSLATIONS = translationsOf(BOOKING_CONSOLE_MESSAGES, {
  ar: {
    finalStatus: 'حالة هذا الحجز نهائية ولا يمكن تغييرها بعد الآن.',
    illegalTransition: 'لا يمكن نقل الحجز إلى هذه الحالة من حالته الحالية.',
    alreadyInStatus: 'الحجز في هذه الحالة بالفعل.',
    statusChanged: 'غيّر شخص آخر حالة هذا الحجز في هذه الأثناء. أعد تحميله لترى التغيير.',
    invoiceChanged: 'غيّر شخص آخر حالة فاتورة هذا الحجز في هذه الأثناء. أعد تحميله لترى التغيير.',
    amountChanged: 'غيّر شخص آخر مبلغ هذا الحجز في هذه الأثناء. أعد تحميله لترى التغيير.',
    alreadyInvoiceStatus: 'الفاتورة في هذه الحالة بالفعل.',
    amountNeedsFinance: 'لا يستطيع تحديد مبلغ غير سعر الخدمة إلا مشغّل لديه صلاحية المالية.',
    unknownAgent: 'لا يوجد وكيل إحالة بهذا المعرّف.',
    patientNotOfAgent: 'هذا المريض ليس من عملاء الوكيل المختار.',
    partnerNotOfAgent: 'هذا الشريك ليس شريكًا معتمدًا لدى الوكيل المختار.',
    unknownFacility: 'لا توجد منشأة بهذا المعرّف.',
    locationNotOfFacility: 'هذا الموقع ليس من مواقع المنشأة.',
    serviceNotOfFacility: 'هذه الخدمة ليست من خدمات المنشأة.',
    unknownAssignee: 'لا يوجد موظف بهذا المعرّف.',
    ticketTaken: 'يوجد حجز آخر بهذا الرقم.',
  },
});
