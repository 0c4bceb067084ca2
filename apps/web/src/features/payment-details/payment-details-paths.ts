/** The area's pages (spec routes), named once for its routes declaration, its links and its redirects. */
export const PAYMENT_DETAILS_PATH = '/payment-details';
export const EDIT_PAYMENT_DETAILS_PATH = '/edit-payment-details';
/** The owners' e-mailed "I didn't do this" link (apps/server/src/modules/payment-details/service.ts writes it). */
export const FREEZE_PAYMENT_DETAILS_PATH = '/payment-details/freeze';
