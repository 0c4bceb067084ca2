/** The dashboard's texts in English; the Arabic is in ./dashboard-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../../i18n/i18n';

export const dashboardEn = {
  title: 'Dashboard',
  loading: 'Loading your dashboard',
  loadFailed: 'Your dashboard could not be loaded',
  welcome: 'Welcome, {{name}}',
  intro: 'Here is your partner account at a glance.',
  partnerType: 'Partner type',
  industry: 'Industry',
  referralAgent: 'Referral agent',
  logo: '{{name}} logo',
  // spec §3: the industry shown when the partner has none
  individual: 'individual',
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    dashboard: typeof dashboardEn;
  }
}

export const dashboardMessages = defineMessages('dashboard', dashboardEn, () =>
  import('./dashboard-messages-ar').then((module) => module.dashboardAr),
);
