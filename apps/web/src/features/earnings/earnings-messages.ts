/** My earnings' texts in English; the Arabic is in ./earnings-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../../i18n/i18n';

export const earningsEn = {
  title: 'My earnings',
  intro: 'Your commissions, treatment by treatment: earned when a referred treatment is completed, payable once its refund window has passed.',
  cards: {
    label: 'Balances in {{currency}}',
    pending: 'Pending',
    pendingHint: 'In the refund window',
    approved: 'Approved',
    approvedHint: 'In your next payout',
    inPayout: 'In payout',
    inPayoutHint: 'Being sent to your account',
    paid: 'Paid in {{year}}',
    paidHint: 'Paid out this year',
    held: '{{amount}} held until the agreement is signed',
    filter: 'Show these lines',
    none: 'No commissions yet. They appear here when a treatment you referred is completed.',
    loading: 'Loading your balances',
    loadFailed: 'Your balances could not be loaded',
    tryAgain: 'Try again',
  },
  chart: {
    title: 'By month',
    currency: 'Currency',
    group: 'Show by',
    groups: { status: 'Status', facility: 'Facility', service: 'Service' },
    months: 'Period',
    monthsOption: 'Last {{count}} months',
    asTable: 'Show as table',
    asChart: 'Show as chart',
    month: 'Month',
    total: 'Total',
    other: 'Other',
    summary: '{{currency}} over the last {{months}} months: {{total}} in all; the highest month was {{best}} with {{bestAmount}}.',
    empty: 'Nothing earned in {{currency}} in this period.',
    loading: 'Loading the chart',
    loadFailed: 'The chart could not be loaded',
  },
  status: { pending: 'Pending', approved: 'Approved', in_payout: 'In payout', paid: 'Paid', reversed: 'Reversed' },
  held: 'Held: agreement to sign',
  clawback: 'Clawback of {{reference}}',
  clawedBack: 'Clawed back',
  payableOn: 'Payable on {{date}}',
  paidOn: 'Paid on {{date}}',
  caption: 'Your commission lines',
  empty: 'No commissions yet.',
  filteredEmpty: 'No commissions match these filters.',
  loadFailed: 'Your commissions could not be loaded',
  refreshFailed: 'Your commissions could not be refreshed',
  totals: 'Totals',
  columns: {
    booking: 'Booking Id',
    facility: 'Facility',
    service: 'Service',
    treatment: 'Treatment date',
    base: 'Base',
    rate: 'Rate',
    amount: 'Commission',
    status: 'Status',
    payable: 'Payable on',
  },
  filters: {
    status: 'Status',
    allStatuses: 'All statuses',
    facility: 'Facility',
    allFacilities: 'All facilities',
    noneFound: 'No facility found',
    currency: 'Currency',
    allCurrencies: 'All currencies',
    statusActive: 'Status: {{name}}',
    facilityActive: 'Facility: {{name}}',
    currencyActive: 'Currency: {{name}}',
    dates: 'Treatment dates',
  },
};

declare module '../../i18n/i18n' {
  interface Catalogues {
    earnings: typeof earningsEn;
  }
}

export const earningsMessages = defineMessages('earnings', earningsEn, () => import('./earnings-messages-ar').then((module) => module.earningsAr));
