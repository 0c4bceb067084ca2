/** The texts of the refund and adjustment dialogs (commission-actions.tsx), shared by the ledger and the booking pages. */
import { defineMessages } from '../../i18n/i18n';

export const commissionActionsEn = {
  refund: {
    title: 'Record a refund: booking {{reference}}',
    detail:
      'The treatment cost {{amount}}; {{refunded}} of it was refunded before. A partial refund reduces a percentage commission by the same percentage of what is refunded (a flat fee stays whole). A full refund reverses the commission not yet paid, claws back what was paid from the next payout, and marks the booking refunded. The partners of {{agent}} are told, with the reason.',
    loading: 'Loading what was refunded…',
    loadFailed: "Couldn't load the booking's refunds.",
    scope: 'Refund',
    full: 'Full refund ({{left}})',
    partial: 'Part of the treatment',
    amount: 'Refunded amount ({{currency}})',
    amountHelp: 'At most {{left}}, with at most {{digits}} decimals.',
    reason: 'Reason (shown to the partner)',
    reasonHelp: 'Why the patient was refunded, in words the partner understands. It is also kept in the audit log.',
    confirm: 'Record refund',
    cancel: 'Cancel',
    close: 'Close',
    failed: "Couldn't record the refund. Try again.",
    fullDone: 'Booking {{reference}} refunded in full',
    partialDone: 'Refund of {{amount}} recorded on booking {{reference}}',
    amountNotInCurrency: 'The booking’s amount has more decimals than {{currency}} holds: correct it on the booking before recording a refund.',
  },
  adjust: {
    title: 'Adjust commission: booking {{reference}}',
    detail:
      'An adjustment line is added to the commission of {{agent}} on this booking: positive for goodwill, negative for a correction. It is paid, or taken back, with the commission; on a paid commission, in the next payout. The booking’s commission never goes below zero. The partners are told, with the reason.',
    amount: 'Amount ({{currency}}, signed)',
    amountHelp: 'For example 25.00 to add, -25.00 to take back; at most {{digits}} decimals.',
    reason: 'Reason (shown to the partner)',
    reasonHelp: 'Why the commission changes, in words the partner understands. It is also kept in the audit log.',
    confirm: 'Adjust commission',
    cancel: 'Cancel',
    close: 'Close',
    failed: "Couldn't adjust the commission. Try again.",
    done: 'Commission on booking {{reference}} adjusted by {{amount}}',
  },
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    'console-commission-actions': typeof commissionActionsEn;
  }
}

// Registered for its side effect: its dialogs read the texts by namespace (imported as `import './…-messages'`).
defineMessages('console-commission-actions', commissionActionsEn, () =>
  import('./commission-actions-messages-ar').then((module) => module.commissionActionsAr),
);
