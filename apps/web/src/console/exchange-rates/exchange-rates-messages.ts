/** The console's exchange rates texts in English; the Arabic is in ./exchange-rates-messages-ar.ts (loaded with Arabic). */

export const exchangeRatesEn = {
  title: 'Exchange rates',
  description:
    'What a unit of each currency is worth in a reference currency, by day. They make approximate totals across currencies (the tiers’ treatment value, earnings totals), always shown with the rate’s date; no paid amount is ever converted with them.',
  loadFailed: "Couldn't load the exchange rates.",
  empty: 'No exchange rates yet. Set the first one.',
  filteredEmpty: 'No exchange rates match these filters.',
  setRate: 'Set a rate',
  currency: 'Currency',
  reference: 'Reference currency',
  anyCurrency: 'Any currency',
  anyReference: 'Any reference',
  chooseCurrency: 'Choose a currency',
  noCurrencyFound: 'No currency matches',
  days: 'Days',
  latestOnly: 'Latest of each pair',
  everyDay: 'Every day',
  columns: { pair: 'Currency', rate: 'Rate', asOf: 'As of', set: 'Set on', actions: 'Actions' },
  oneUnit: '1 {{currency}} = {{rate}} {{reference}}',
  latest: 'Latest',
  correct: 'Correct',
  correctNamed: 'Correct the rate of {{currency}} in {{reference}} on {{date}}',
  form: {
    title: 'Set an exchange rate',
    correctTitle: 'Correct the rate of {{currency}} on {{date}}',
    rate: 'Rate',
    rateHelp: 'What 1 unit of the currency is worth in the reference currency, up to 10 decimals.',
    asOf: 'As of',
    asOfHelp: 'Totals made on or after this day use it, until a later rate is set. The same day again corrects it.',
    save: 'Save rate',
    cancel: 'Cancel',
    close: 'Close',
    saved: 'Exchange rate saved',
    saveFailed: "Couldn't save. Try again.",
  },
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    'console-exchange-rates': typeof exchangeRatesEn;
  }
}
