/**
 * The texts of the network's pages, in English (the source language); Arabic in network-messages-ar.ts. Both are loaded
 * with the page (network-routes.tsx), so the first load of every other page does not carry them.
 */
export const networkEn = {
  title: 'Facility network',
  heading: '{{product}} network',
  loading: 'Loading the network…',
  loadFailed: "Couldn't load the network.",
  notFound: 'There is no network at this address.',
  sortRule:
    'Order: paid placements first, always labelled "Promoted"; then the treatments completed there through the programme in the last 12 months; then the number of packages it publishes; then the name.',
  search: 'Search by name or city',
  country: 'Country',
  allCountries: 'All countries',
  specialty: 'Specialty',
  allSpecialties: 'All specialties',
  language: 'Language spoken',
  allLanguages: 'All languages',
  accreditation: 'Accreditation',
  allAccreditations: 'All accreditations',
  clearFilters: 'Clear filters',
  results_one: '{{count}} facility',
  results_other: '{{count}} facilities',
  empty: 'No facility matches these filters.',
  promoted: 'Promoted',
  fromPrice: 'From {{price}}',
  noPrice: 'Price on request',
  languages: 'Languages: {{languages}}',
  photoOf: 'Photo of {{name}}',
  openProfile: 'Open the profile of {{name}}',
  signInHint: 'Profiles, prices and commissions are for signed-in partners.',
  showMap: 'Show the map',
  hideMap: 'Hide the map',
  mapTitle: 'Map of the facilities listed',
  mapLoading: 'Loading the map…',
  mapNote: 'The list below holds the same facilities as the map.',
  previous: 'Previous page',
  next: 'Next page',
  pageOf: 'Page {{page}} of {{last}}',
};

declare module '../../i18n/i18n' {
  interface Catalogues {
    network: typeof networkEn;
  }
}
