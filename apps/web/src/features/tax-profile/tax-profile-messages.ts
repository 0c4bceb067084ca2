/** Tax details' texts in English; the Arabic is in ./tax-profile-messages-ar.ts (loaded with Arabic). */

export const taxProfileEn = {
  title: 'Tax details',
  intro: 'Your organisation’s legal identity as your self-billing statements print it: legal name, address, tax ID and VAT status.',
  loading: 'Loading your tax details',
  loadFailed: 'Your tax details could not be loaded',
  tryAgain: 'Try again',
  empty: {
    title: 'No tax details yet',
    text: 'Your self-billing statements print your legal name, address, tax ID and VAT status. Until you enter them, each statement says they are missing, and whether the reverse charge applies cannot be decided.',
    add: 'Enter tax details',
  },
  edit: 'Edit tax details',
  profileTitle: 'Printed on your statements',
  fields: {
    legalName: 'Legal name',
    address: 'Address',
    country: 'Country',
    taxId: 'Tax ID',
    vatStatus: 'VAT status',
    vatNumber: 'VAT number',
    lastChange: 'Last changed',
  },
  lastChangeBy: '{{date}} by {{name}}',
  notGiven: 'Not given',
  vatStatuses: {
    registered: 'Registered for VAT',
    not_registered: 'Not registered for VAT',
    exempt: 'Exempt from VAT',
  },
  reverseCharge: {
    applies: 'Your statements carry the reverse-charge note: you are registered for VAT in another country than the programme’s business, so it accounts for the VAT on your commissions.',
    doesNot: 'Your statements carry no reverse-charge note: it applies only to a partner registered for VAT in another country than the programme’s business.',
  },
  laterStatements: 'A change applies to the statements written after it; statements already written keep the details of their day.',
  form: {
    title: 'Tax details',
    legalName: 'Legal name',
    legalNameHint: 'As registered, with its legal form (Ltd, GmbH, FZE…)',
    addressLine1: 'Address',
    addressLine2: 'Address line 2',
    city: 'City',
    postalCode: 'Postal code',
    country: 'Country of establishment',
    countryPlaceholder: 'Search for a country',
    noCountry: 'No country matches',
    taxId: 'Tax ID',
    taxIdHint: 'Company or tax registration number, if you have one',
    vatStatus: 'VAT status',
    vatNumber: 'VAT number',
    vatNumberHint: 'With its country prefix, such as GB284619530 or DE318472905',
    save: 'Save tax details',
    cancel: 'Cancel',
    close: 'Close',
    saved: 'Tax details saved',
    savedText: 'Your next statements print them.',
    failed: 'Your tax details could not be saved. Check your connection and try again.',
  },
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    'tax-profile': typeof taxProfileEn;
  }
}
