/** The console's Facilities pages' texts in English; the Arabic is in ./facilities-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../../i18n/i18n';

export const facilitiesEn = {
  title: 'Facilities',
  description: 'The hospitals and clinics bookings are made at, with their locations.',
  loadFailed: "Couldn't load the facilities.",
  empty: 'No facilities yet. Add the first one.',
  filteredEmpty: 'No facilities match these filters.',
  newFacility: 'New facility',
  country: 'Country',
  allCountries: 'All countries',
  clearCountry: 'Show all countries',
  countryFilter: 'Country: {{country}}',
  chooseCountry: 'Choose a country',
  noCountryFound: 'No country matches',
  columnName: 'Name',
  columnCountry: 'Country',
  columnCity: 'City',
  columnLocations: 'Locations',
  columnBookings: 'Bookings',
  columnCreated: 'Added',
  // the facility's page
  back: 'Facilities',
  notFound: 'This facility does not exist, or it was removed.',
  detailLoadFailed: "Couldn't load this facility.",
  place: '{{city}}, {{country}}',
  details: 'Details',
  name: 'Name',
  city: 'City',
  currency: 'Bills in',
  currencyHelp: 'The currency of its invoices: its rates on the rate card pay in it.',
  chooseCurrency: 'Choose a currency',
  noCurrencyFound: 'No currency matches',
  slug: 'Slug',
  slugHelp: 'Made from the name when the facility was added; it stays the same when the facility is renamed.',
  added: 'Added',
  bookings: 'Bookings',
  edit: 'Edit',
  editFacility: 'Edit {{name}}',
  renameNote: 'Partners find their bookings under the new name as soon as you save.',
  save: 'Save',
  create: 'Add facility',
  cancel: 'Cancel',
  close: 'Close',
  saveFailed: "Couldn't save. Try again.",
  created: 'Facility added',
  saved: 'Changes saved',
  // locations
  locations: 'Locations',
  locationsHelp: 'Where patients are seen. A booking can name one of its facility’s locations.',
  noLocations: 'No locations yet.',
  addLocation: 'Add location',
  editLocation: 'Edit {{name}}',
  newLocation: 'New location',
  address: 'Address',
  addressOptional: 'Address (optional)',
  none: 'None',
  actions: 'Actions',
  editLocationNamed: 'Edit location {{name}}',
  removeLocationNamed: 'Remove location {{name}}',
  remove: 'Remove',
  inUse_one: 'In use by {{count, number}} booking: it cannot be removed',
  inUse_other: 'In use by {{count, number}} bookings: it cannot be removed',
  removeTitle: 'Remove {{name}}?',
  removeDetail: 'The location is removed from {{facility}}. No booking refers to it.',
  removeFailed: "Couldn't remove the location.",
  locationAdded: 'Location added',
  locationSaved: 'Location saved',
  locationRemoved: 'Location removed',
  // services
  services: 'Services and prices',
  servicesHelp: 'What the facility offers and at what price; a booking names one of them. Read only here for now.',
  noServices: 'No services yet: bookings cannot be made at this facility until it has one.',
  service: 'Service',
  specialty: 'Specialty',
  price: 'Price',
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    'console-facilities': typeof facilitiesEn;
  }
}

export const facilitiesMessages = defineMessages('console-facilities', facilitiesEn, () =>
  import('./facilities-messages-ar').then((module) => module.facilitiesAr),
);
