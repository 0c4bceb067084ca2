/** The console's commission ledger texts in English; the Arabic is in ./commission-ledger-messages-ar.ts (loaded with Arabic). */

export const commissionLedgerEn = {
  title: 'Commission ledger',
  description:
    'Every agent’s commission lines, treatment by treatment: pending in their refund window, approved, in a payout, paid, or reversed. A refund the patient received is recorded here, in full or in part, and finance adjusts a commission with a reason: each change is a line of its own.',
  loadFailed: "Couldn't load the commission lines.",
  refreshFailed: "Couldn't refresh the commission lines. The lines shown may be out of date.",
  empty: 'No commission lines yet. A line is earned when a referred treatment is completed.',
  filteredEmpty: 'No commission lines match these filters.',
  filters: {
    label: 'Filters',
    agent: 'Agent',
    allAgents: 'All agents',
    noAgentFound: 'No agent found',
    status: 'Status',
    allStatuses: 'All statuses',
    facility: 'Facility',
    allFacilities: 'All facilities',
    noFacilityFound: 'No facility found',
    currency: 'Currency',
    anyCurrency: 'Any currency',
    noCurrencyFound: 'No currency matches',
    dates: 'Treatment dates',
    agentActive: 'Agent: {{name}}',
    statusActive: 'Status: {{name}}',
    facilityActive: 'Facility: {{name}}',
    currencyActive: 'Currency: {{name}}',
    datesActive: 'Treatment dates: {{range}}',
  },
  columns: {
    booking: 'Booking',
    agent: 'Agent',
    facility: 'Facility',
    service: 'Service',
    treatment: 'Treatment date',
    base: 'Base',
    rate: 'Rate',
    amount: 'Commission',
    status: 'Status',
    payable: 'Payable / paid',
    actions: 'Actions',
  },
  status: { pending: 'Pending', approved: 'Approved', in_payout: 'In payout', paid: 'Paid', reversed: 'Reversed' },
  held: 'Held',
  heldReasons: { agreement_unsigned: 'An agreement to sign', invoice_unpaid: 'The facility’s invoice unpaid' },
  clawback: 'Clawback',
  clawbackOf: 'Clawback of {{reference}}',
  clawedBack: 'Clawed back',
  reversalReason: 'Reason: {{reason}}',
  payableOn: 'Payable {{date}}',
  paidOn: 'Paid {{date}}',
  refund: 'Record refund',
  refundNamed: 'Record refund: booking {{reference}} ({{agent}})',
  adjust: 'Adjust',
  adjustNamed: 'Adjust commission: booking {{reference}} ({{agent}})',
  adjustmentBadge: 'Adjustment',
  adjustmentReason: '{{source}}: {{reason}}',
  adjustmentSources: { partial_refund: 'Partial refund', amount_change: 'Amount corrected', manual: 'Adjusted by finance', dispute: 'Dispute' },
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    'console-commission-ledger': typeof commissionLedgerEn;
  }
}
