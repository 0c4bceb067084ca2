/** Finance reports' texts in English; the Arabic is in ./finance-reports-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../../i18n/i18n';

export const financeReportsEn = {
  title: 'Finance reports',
  intro: {
    monthly: "Each month's statement of your commission balance is written on the 1st for the month before, for every currency with activity.",
    onRequest: 'You can also ask for any month or year that has ended.',
    versions: 'Every version is kept with the SHA-256 of its files, so anyone can check that a file has not changed since it was written.',
  },
  kind: { monthly: 'Monthly', yearly: 'Yearly' },
  form: {
    title: 'New report',
    kind: 'Kind of report',
    month: 'Month',
    year: 'Year',
    currency: 'Currency',
    chooseYear: 'Choose a year',
    noMonth: 'No month has ended since your first commission yet.',
    noYear: 'No year has ended since your first commission yet.',
    noCurrency: 'Nothing to report yet: reports are written once you have commissions.',
    submit: 'Ask for the report',
    failed: 'The report could not be requested',
    loadFailed: 'The report choices could not be loaded',
    loading: 'Loading the report choices',
    tryAgain: 'Try again',
  },
  queued: {
    title: 'Report queued',
    message: 'You will be told when it is ready.',
  },
  list: {
    title: 'Reports',
    caption: 'Your finance reports',
    empty: 'No reports yet: the first monthly statement is written on the 1st of next month, or ask for one now.',
    filteredEmpty: 'No reports match these filters.',
    loadFailed: 'Your reports could not be loaded',
    refreshFailed: 'Your reports could not be refreshed',
    allKinds: 'All kinds',
    allCurrencies: 'All currencies',
    kindFilter: 'Kind',
    currencyFilter: 'Currency',
    kindActive: 'Kind: {{name}}',
    currencyActive: 'Currency: {{name}}',
  },
  columns: {
    period: 'Period',
    kind: 'Kind',
    currency: 'Currency',
    version: 'Version',
    status: 'Status',
    opening: 'Opening balance',
    accrued: 'Accrued',
    reversed: 'Reversed',
    clawbacks: 'Clawbacks',
    paid: 'Paid',
    closing: 'Closing balance',
    generated: 'Generated',
    files: 'Files',
    actions: 'Actions',
  },
  status: { queued: 'Generating…', ready: 'Ready', failed: 'Failed' },
  version: 'v{{version}}',
  superseded: 'Superseded',
  monthlyRun: 'Monthly run',
  requestedBy: 'Asked for by {{name}}',
  generatedAt: '{{date}}, {{time}}',
  files: {
    pdf: 'PDF',
    excel: 'Excel',
    downloadPdf: 'Download the PDF of {{report}}',
    downloadExcel: 'Download the Excel file of {{report}}',
    fingerprints: 'SHA-256',
    fingerprintsOf: 'SHA-256 of the files of {{report}}',
    fingerprintsHelp: 'The files never change: compare these with the SHA-256 of a copy to prove it is the original.',
    pdfHash: 'PDF',
    excelHash: 'Excel',
    downloadFailed: 'The file could not be downloaded',
  },
  report: '{{period}} {{currency}} version {{version}}',
  regenerate: {
    button: 'Regenerate',
    label: 'Regenerate {{report}}',
    title: 'Regenerate {{report}}?',
    text: 'A new version is written; this one is kept.',
    confirm: 'Regenerate',
    cancel: 'Cancel',
    close: 'Close',
  },
};

declare module '../../i18n/i18n' {
  interface Catalogues {
    'finance-reports': typeof financeReportsEn;
  }
}

export const financeReportsMessages = defineMessages('finance-reports', financeReportsEn, () =>
  import('./finance-reports-messages-ar').then((module) => module.financeReportsAr),
);
