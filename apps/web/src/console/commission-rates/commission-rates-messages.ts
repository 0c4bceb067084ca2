/** The console's rate card texts in English; the Arabic is in ./commission-rates-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../../i18n/i18n';

export const commissionRatesEn = {
  title: 'Rate card',
  description:
    'What partners earn per completed treatment. The most specific row in force on a booking’s day prices it: a contract, then a facility, a service, a specialty, a tier. A rate is never edited: end it and add the next one.',
  loadFailed: "Couldn't load the rate card.",
  empty: 'The rate card is empty. Add the first rate.',
  filteredEmpty: 'No rates match these filters.',
  newRate: 'New rate',
  importRates: 'Import',
  import: {
    title: 'Import rates from a file',
    intro: 'An xlsx workbook or a csv file, one rate per row under a header row. Each row is checked and shown here first; nothing changes until you add them, and then all are added or none.',
    columns: 'Columns: {{columns}}. Names, not ids; an empty facility, service, specialty or tier means all. A row overlapping an open-ended rate of the same facility, service and tier ends that rate on its first day.',
    file: 'File',
    choose: 'Choose an xlsx or csv file',
    summary_one: '{{valid, number}} rate ready, {{invalid, number}} refused',
    summary_other: '{{valid, number}} rates ready, {{invalid, number}} refused',
    previewCaption: 'The rows of the file and what each does',
    line: 'Line',
    outcome: 'Outcome',
    ready: 'Ready',
    ends: 'Ends rate #{{id}} on {{date}}',
    apply_one: 'Add {{count, number}} rate',
    apply_other: 'Add {{count, number}} rates',
    applied_one: '{{count, number}} rate added',
    applied_other: '{{count, number}} rates added',
    failed: "Couldn't read the file. Try again.",
  },
  scope: 'Rows',
  scopes: { card: 'The rate card', contracts: 'Contracts’ overrides', all: 'All rows' },
  status: 'Status',
  allStatuses: 'Any status',
  statuses: { current: 'In force', upcoming: 'Upcoming', ended: 'Ended' },
  facility: 'Facility',
  allFacilities: 'All facilities',
  noneFound: 'Nothing found',
  columns: { appliesTo: 'Applies to', tier: 'Tier', rate: 'Rate', refund: 'Refund window', validity: 'Valid', status: 'Status', actions: 'Actions' },
  allServices: 'all services',
  allTiers: 'All tiers',
  contractOf: 'Contract of {{agent}}',
  days_one: '{{count, number}} day',
  days_other: '{{count, number}} days',
  from: 'From {{from}}',
  fromTo: '{{from}} to {{to}}',
  end: 'End',
  endNamed: 'End the rate for {{name}}',
  // the new rate form
  form: {
    kind: 'Kind',
    percentage: 'Percentage',
    flatAmount: 'Flat amount',
    facility: 'Facility',
    service: 'Service',
    specialty: 'Specialty',
    tier: 'Tier',
    anyService: 'All services',
    anySpecialty: 'All specialties',
    serviceOrSpecialty: 'Choose a service or a specialty, or neither for every service.',
    rate: 'Rate (%)',
    amount: 'Amount',
    currency: 'Currency',
    currencyOfFacility: 'The facility bills in {{currency}}.',
    currencyHelp: 'Needed for a flat amount for all facilities; it then applies only where facilities bill in it.',
    base: 'Paid on (English)',
    baseAr: 'Paid on (Arabic)',
    baseHelp: 'What the percentage is of, e.g. the treatment price, excluding travel, hotel and taxes.',
    refund: 'Refund window (days)',
    validFrom: 'Valid from',
    validTo: 'Valid until (optional)',
    validToHelp: 'The last day it applies is the day before.',
    create: 'Add rate',
    cancel: 'Cancel',
    close: 'Close',
    created: 'Rate added',
    saveFailed: "Couldn't save. Try again.",
  },
  // ending a rate
  endDialog: {
    title: 'End this rate',
    intro: '{{name}}: {{rate}}, in force since {{from}}.',
    validTo: 'Ends on',
    validToHelp: 'Bookings created from this day on are priced by the next rate, if any.',
    confirm: 'End rate',
    ended: 'Rate ended',
  },
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    'console-commission-rates': typeof commissionRatesEn;
  }
}

export const commissionRatesMessages = defineMessages('console-commission-rates', commissionRatesEn, () =>
  import('./commission-rates-messages-ar').then((module) => module.commissionRatesAr),
);
