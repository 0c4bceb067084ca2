/** The console's exceptions texts in English; the Arabic is in ./exceptions-messages-ar.ts (loaded with Arabic). */

export const exceptionsEn = {
  title: 'Exceptions',
  description:
    'What the ledger cannot settle on its own: completed bookings without a commission, balances below zero, failed payouts and money held on payment details nobody has verified. Each row has the action that resolves it, and leaves the list once it is resolved.',
  counts: {
    label: 'Open exceptions by kind',
    loading: 'Loading the counts',
    loadFailed: "Couldn't load the counts.",
  },
  kinds: {
    unpriced_completion: 'Unpriced completions',
    negative_balance: 'Negative balances',
    failed_payout: 'Failed payouts',
    held_payout: 'Held payouts',
  },
  kind: {
    unpriced_completion: 'Unpriced completion',
    negative_balance: 'Negative balance',
    failed_payout: 'Failed payout',
    held_payout: 'Payout held',
  },
  columns: { kind: 'Exception', partner: 'Partner', detail: 'What happened', amount: 'Amount', since: 'Since', action: 'Resolve' },
  filters: {
    kind: 'Kind',
    allKinds: 'All kinds',
    kindActive: 'Kind: {{value}}',
    partner: 'Partner',
    anyPartner: 'Any partner',
    noPartner: 'No partner matches',
    partnerActive: 'Partner: {{value}}',
    currency: 'Currency',
    allCurrencies: 'All currencies',
    currencyActive: 'Currency: {{value}}',
  },
  empty: 'All clear: nothing needs finance’s attention.',
  filteredEmpty: 'No exceptions match these filters.',
  loadFailed: "Couldn't load the exceptions.",
  refreshFailed: "Couldn't refresh the exceptions. The list shows what was loaded before.",
  retry: 'Try again',
  booking: 'Booking {{reference}} at {{facility}}',
  unpriced: {
    no_rate: 'No rate of the card applies to this facility on the booking’s pricing day.',
    amount_not_in_currency: 'The amount has more decimals than its currency has.',
    currency_not_billing: 'The booking is not in the facility’s billing currency.',
    not_priced_yet: 'Completed over two hours ago and not priced yet.',
  },
  negative: 'The approved balance is below zero: the next payouts net it unless finance adjusts it.',
  failed: 'Payout #{{id}} failed: {{reason}}',
  held: {
    missing: 'No payment details: payouts wait until the partner adds them.',
    unverified: 'Payment details not verified: payouts wait for the check.',
    frozen: 'Payment details frozen by the partner: payouts wait.',
  },
  priceAgain: {
    label: 'Price again now',
    priced: 'Priced',
    pricedDetail: 'Booking {{reference}} has its commission line now.',
    notPriced: 'Still not priced',
    failed: "Couldn't price the booking",
    failedDetail: 'Try again in a moment.',
  },
  actions: {
    openRateCard: 'Add a rate on the rate card',
    openBooking: 'Open the booking',
    openLedger: 'View the ledger and adjust',
    openPayout: 'Open the payout to retry',
    verifyDetails: 'Verify the payment details',
    reviewFrozen: 'Review the frozen details',
    waitingForPartner: 'Waiting for the partner',
    notYours: 'Another role resolves this',
  },
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    'console-exceptions': typeof exceptionsEn;
  }
}
