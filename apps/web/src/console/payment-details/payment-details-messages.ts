/** The console's payment details texts in English; the Arabic is in ./payment-details-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../../i18n/i18n';

export const paymentDetailsEn = {
  title: 'Payment details',
  description:
    "Where each agent's payouts go. A change leaves the details waiting for verification, and an owner's \"I didn't do this\" freezes them: no payout goes to them until finance has checked them against the partner's bank letter and verified them. Verifying and revealing a full account are audited.",
  retry: 'Try again',
  close: 'Close',
  cancel: 'Cancel',
  none: '—',
  statuses: { unverified: 'Waiting for verification', verified: 'Verified', frozen: 'Frozen' },
  schemes: { iban: 'IBAN', us_ach: 'US bank account (ACH)', in_ifsc: 'Indian bank account (IFSC)', swift_account: 'Bank account (SWIFT)' },
  accountTypes: { checking: 'Checking', savings: 'Savings' },
  sameAccountAs: 'Same account as: {{names}}',
  /** Between the names of agents. */
  separator: ', ',
  list: {
    caption: 'Payment details',
    loadFailed: "Couldn't load the payment details.",
    empty: 'No agent has payment details yet.',
    filteredEmpty: {
      unverified: 'No payment details waiting for verification.',
      frozen: 'No frozen payment details waiting.',
      verified: 'No verified payment details yet.',
    },
    statusFilter: 'Status',
    anyStatus: 'Any status',
    statusActive: 'Status: {{name}}',
    agent: 'Agent',
    method: 'Method',
    holder: 'Account holder',
    country: 'Bank country',
    account: 'Account',
    status: 'Status',
    lastChange: 'Last change',
    changedBy: 'by {{name}}',
    actions: 'Actions',
    open: 'Open',
    openNamed: 'Open the payment details of {{agent}}',
  },
  detail: {
    title: 'Payment details of {{agent}}',
    loading: 'Loading the payment details',
    loadFailed: "Couldn't load the payment details.",
    facts: 'The payment details',
    agent: 'Agent',
    method: 'Method',
    holder: 'Account holder',
    country: 'Bank country',
    account: 'Account',
    bic: 'BIC (SWIFT code)',
    routingNumber: 'Routing number',
    ifsc: 'IFSC',
    accountType: 'Account type',
    bankName: 'Bank name',
    status: 'Status',
    verifiedAt: 'Verified',
    frozenAt: 'Frozen',
    updatedAt: 'Last changed',
    updatedBy: 'Changed by',
    sameAccountTitle: 'The same account is on other agents',
    sameAccountDetail: 'These agents give the same bank account: {{names}}. Make sure this is expected before verifying.',
    actionsTitle: 'Actions',
    conflict: 'The payment details changed meanwhile',
    logTitle: 'Change log',
    logCaption: 'The change log of these payment details',
    logEmpty: 'No change recorded yet.',
    logWhat: 'What',
    logWhen: 'When',
    logWho: 'By',
    logAccount: 'Account',
    operator: '{{name}} (operations team)',
    operationsTeam: 'Operations team',
    arrow: '→',
    changedTo: 'changed to',
    events: { changed: 'Changed', verified: 'Verified', frozen: 'Frozen' },
  },
  reveal: {
    button: 'Reveal full account',
    failed: "Couldn't reveal the account. Try again.",
    label: 'Full account',
    audited: 'This reveal was recorded in the audit log. The account is hidden again after 60 seconds.',
    hide: 'Hide now',
  },
  verify: {
    button: 'Verify',
    title: 'Verify the payment details of {{agent}}?',
    detail:
      "Check them against the partner's bank letter first. Once verified, payouts go to this account from the next payout run. The partner is told, and the verification is recorded in the audit log.",
    confirm: 'Verify',
    failed: "Couldn't verify the payment details. Try again.",
    done: 'Payment details verified',
    doneDetail: 'Payouts to {{agent}} go to this account from the next run.',
  },
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    'console-payment-details': typeof paymentDetailsEn;
  }
}

export const paymentDetailsMessages = defineMessages('console-payment-details', paymentDetailsEn, () => import('./payment-details-messages-ar').then((module) => module.paymentDetailsAr));
