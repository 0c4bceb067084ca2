/** The console's view of a partner's referral code (on the partner page); the Arabic is in ./partner-referral-code-messages-ar.ts. */
import { defineMessages } from '../../i18n/i18n';

export const consoleReferralCodesEn = {
  title: 'Referral code',
  code: 'Current code',
  link: 'Link',
  since: 'In use since',
  none: 'No code yet: the partner gets one when they first open their referral details.',
  previous: 'Retired codes that still work',
  previousUntil: '{{code}}, works until {{date}}',
  loading: 'Loading the referral code',
  loadFailed: "Couldn't load the referral code.",
  retry: 'Try again',
  regenerate: 'Regenerate code',
  confirmTitle: 'Regenerate this partner’s referral code?',
  confirmDetail: 'The partner gets a new code, link and QR code. The current code keeps working for 30 days, then stops. The change is recorded in the audit log.',
  confirm: 'Regenerate',
  cancel: 'Cancel',
  close: 'Close',
  failed: 'The code could not be regenerated. Please try again.',
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    'console-referral-codes': typeof consoleReferralCodesEn;
  }
}

// Registered for its side effect: its pages read the texts by namespace (imported as `import './…-messages'`).
defineMessages('console-referral-codes', consoleReferralCodesEn, () =>
  import('./partner-referral-code-messages-ar').then((module) => module.consoleReferralCodesAr),
);
