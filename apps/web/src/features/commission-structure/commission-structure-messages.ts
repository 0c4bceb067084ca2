/** The commission structure's texts in English; the Arabic is in ./commission-structure-messages-ar.ts (loaded with Arabic). */

export const commissionStructureEn = {
  title: 'Commission structure',
  intro: 'What you earn for each completed treatment you refer, facility by facility, as the rate card sets it today.',
  caption: 'Your commission rates',
  empty: 'No commission rates apply to your organisation yet.',
  filteredEmpty: 'No rates match these filters.',
  loadFailed: 'Your commission rates could not be loaded',
  refreshFailed: 'Your commission rates could not be refreshed',
  columns: {
    facility: 'Facility',
    country: 'Country',
    service: 'Service',
    tier: 'Tier',
    rate: 'Rate',
    base: 'Paid on',
    refundWindow: 'Refund window',
  },
  allTiers: 'All tiers',
  individual: 'Your contract',
  individualHint: 'Set by your individual contract',
  days_one: '{{count, number}} day',
  days_other: '{{count, number}} days',
  validUntil: 'Until {{date}}',
  filters: {
    facility: 'Facility',
    allFacilities: 'All facilities',
    country: 'Country',
    allCountries: 'All countries',
    specialty: 'Specialty',
    allSpecialties: 'All specialties',
    service: 'Service',
    allServices: 'All services',
    noneFound: 'Nothing found',
    facilityActive: 'Facility: {{name}}',
    countryActive: 'Country: {{name}}',
    specialtyActive: 'Specialty: {{name}}',
    serviceActive: 'Service: {{name}}',
  },
  upcoming: {
    title: 'Upcoming changes',
    intro: 'Rates that change in the next {{days}} days. A new rate applies to bookings created from its effective date.',
    none: 'No changes to your rates are planned in the next {{days}} days.',
    loading: 'Loading upcoming changes',
    loadFailed: 'Upcoming changes could not be loaded',
    tryAgain: 'Try again',
    covers_one: '{{rates, number}} of your rates, at one facility',
    covers_other: '{{rates, number}} of your rates, at {{count, number}} facilities',
    fromTo: '{{from}} → {{to}}',
    effective: 'From {{date}}',
    moreChanges_one: 'One more change',
    moreChanges_other: '{{count, number}} more changes',
    fewerChanges: 'Show fewer',
  },
};

declare module '../../i18n/i18n' {
  interface Catalogues {
    'commission-structure': typeof commissionStructureEn;
  }
}
