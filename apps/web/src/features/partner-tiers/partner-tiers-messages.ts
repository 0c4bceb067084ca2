/** The tier page's texts in English; the Arabic is in ./partner-tiers-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../../i18n/i18n';

export const partnerTiersEn = {
  title: 'Partner tiers',
  intro: 'Your tier sets your commission rates and benefits. It is measured on the treatments your referrals complete.',
  loading: 'Loading your tier',
  loadFailed: 'Your tier could not be loaded',
  tryAgain: 'Try again',
  noTiers: 'The partner programme has no tiers yet.',
  current: {
    label: 'Your tier',
    since: 'Since {{date}}',
    notYet: 'Your tier is set at the first evaluation, each night.',
    benefits: 'Your benefits',
    noBenefits: 'No benefits are listed for this tier.',
  },
  frozen: {
    title: 'Your tier is held',
    body: 'The partner programme team holds your tier: it stays as it is whatever the criteria say, until they release it.',
  },
  notice: {
    title: 'Your tier may change to {{tier}} on {{date}}',
    body: 'The last period’s results were below the {{current}} criteria. Meet them again before {{date}} and you keep {{current}}.',
  },
  progress: {
    title: 'Progress to {{tier}}',
    top: 'You are in the highest tier. Keep meeting its criteria each {{period}} to stay in it.',
    daysLeft_one: 'One day left in this {{period}} (until {{end}})',
    daysLeft_other: '{{count, number}} days left in this {{period}} (until {{end}})',
    met: 'Met',
    notMet: 'Not met yet',
    completed_bookings: 'Completed treatments',
    completed_value: 'Completed treatment value',
    active_certificate: 'Active certificate',
    countOf: '{{achieved}} of {{target}}',
    toGo_one: 'One to go',
    toGo_other: '{{count, number}} to go',
    valueToGo: '{{amount}} to go',
    held: 'Held',
    notHeld: 'Not held yet',
    programme: 'Programme: {{programme}}',
    approximately: 'Approximate: treatments billed in other currencies are counted at the programme’s exchange rates of {{date}}.',
    unconverted_one: 'One treatment billed in a currency without an exchange rate is not counted.',
    unconverted_other: '{{count, number}} treatments billed in currencies without an exchange rate are not counted.',
    rule: 'You move up the night every criterion is met. A move down comes only at the end of a period, after at least 30 days’ notice.',
    barLabel: '{{criterion}}: {{percent}} % of the target',
  },
  periods: { month: 'month', quarter: 'quarter', year: 'year' },
  compare: {
    title: 'What {{tier}} changes',
    intro: 'Your rates that would differ in {{tier}}. New rates apply to bookings created after the change.',
    none: 'Your rates would be the same in {{tier}}.',
    loading: 'Loading the rates of {{tier}}',
    loadFailed: 'The rates of {{tier}} could not be loaded',
    covers_one: 'One of your rates',
    covers_other: '{{count, number}} of your rates',
    fromTo: '{{from}} → {{to}}',
    benefits: 'Benefits of {{tier}}',
  },
  ladder: {
    title: 'The tiers',
    yours: 'Your tier',
    entry: 'Where every partner starts.',
    each: 'Each {{period}}:',
    bookings_one: 'one completed treatment',
    bookings_other: '{{count, number}} completed treatments',
    value: '{{amount}} of completed treatments',
    certificate: 'an active “{{programme}}” certificate',
  },
  history: {
    title: 'Tier history',
    caption: 'Your tier history',
    empty: 'No changes to your tier yet.',
    date: 'Date',
    change: 'Change',
    by: 'By',
    reason: 'Reason',
    automatic: 'Automatic',
    team: 'Programme team',
    kinds: {
      initial: 'Started at {{to}}',
      promotion: 'Moved up from {{from}} to {{to}}',
      demotion: 'Moved down from {{from}} to {{to}}',
      demotion_notice: 'Notice: {{to}} from {{date}} unless {{from}} is met',
      notice_withdrawn: 'Notice withdrawn: {{to}} kept',
      manual: 'Set to {{to}}',
      freeze: '{{to}} held',
      unfreeze: '{{to}} released: measured again',
    },
  },
};

declare module '../../i18n/i18n' {
  interface Catalogues {
    'partner-tiers': typeof partnerTiersEn;
  }
}

export const partnerTiersMessages = defineMessages('partner-tiers', partnerTiersEn, () => import('./partner-tiers-messages-ar').then((module) => module.partnerTiersAr));
