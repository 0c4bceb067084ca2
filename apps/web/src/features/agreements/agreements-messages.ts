/** The agreements' texts in English; the Arabic is in ./agreements-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../../i18n/i18n';

export const agreementsEn = {
  agreementsTitle: 'Agreements',
  agreementsIntro: 'The agreements between your organisation and the partner programme: what awaits a signature, what is in force and what it replaced.',
  contractsTitle: 'Contracts',
  contractsIntro: 'What your organisation has signed, and its individual contract. Each can be opened and downloaded as the signed PDF.',
  individualTitle: 'Individual contract',
  individualIntro: 'The terms negotiated for your organisation. Its rates replace those of the commission structure while it runs.',
  loading: 'Loading agreements',
  loadFailed: 'Agreements could not be loaded',
  tryAgain: 'Try again',
  empty: 'No agreements have been published for your organisation yet.',
  contractsEmpty: 'Nothing signed yet. Agreements to sign are on the Agreements page.',
  goToAgreements: 'Go to agreements',
  noIndividual: 'Your organisation has no individual contract: its rates follow the commission structure.',
  goToCommissionStructure: 'See the commission structure',
  statuses: { action_needed: 'Action needed', active: 'Active', superseded: 'Superseded', expired: 'Expired' },
  kinds: { template: 'Agreement', individual: 'Individual contract', addendum: 'Addendum' },
  mandatory: 'Mandatory',
  version: 'Version {{version}}',
  effective: 'In force from {{date}}',
  validity: 'From {{from}} to {{to}}',
  signedBy: 'Signed by {{name}} on {{date}}',
  notSigned: 'Not signed yet',
  read: 'Read',
  readNamed: 'Read {{title}}, version {{version}}',
  readAndSign: 'Read and sign',
  readAndSignNamed: 'Read and sign {{title}}, version {{version}}',
  download: 'Download signed PDF',
  downloadNamed: 'Download signed PDF: {{title}}, version {{version}}',
  downloadFailed: 'The signed PDF could not be downloaded',
  banner: {
    title: 'An agreement needs your signature',
    body: '{{title}} (version {{version}}) must be signed by an owner of your organisation. New commissions are earned but held until it is signed.',
    action: 'Read and sign',
  },
  reader: {
    close: 'Close',
    text: 'The text of the agreement',
    textLabel: 'Agreement text: scroll to its end',
    loadFailed: 'This agreement could not be loaded',
    notFound: 'This agreement is not available to your organisation.',
    rates: 'Rates attached',
    ratesCaption: 'The rates attached to this agreement',
    scope: 'Applies to',
    rate: 'Rate',
    refund: 'Refund window',
    days_one: 'One day',
    days_other: '{{count, number}} days',
    sign: 'Sign',
    scrollFirst: 'Scroll to the end of the agreement to sign it.',
    readDone: 'You have reached the end of the agreement.',
    consent: 'Consent',
    fullName: 'Your full name',
    fullNameHelp: 'Typing your name is your signature.',
    submit: 'Sign agreement',
    signed: 'Agreement signed',
    signFailed: 'The agreement could not be signed',
    ownersSign: 'An owner of your organisation signs agreements. Ask one to read and sign it.',
    fingerprint: 'SHA-256 of the text signed: {{hash}}',
  },
};

declare module '../../i18n/i18n' {
  interface Catalogues {
    agreements: typeof agreementsEn;
  }
}

export const agreementsMessages = defineMessages('agreements', agreementsEn, () => import('./agreements-messages-ar').then((module) => module.agreementsAr));
