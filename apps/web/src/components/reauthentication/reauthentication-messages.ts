/**
 * The re-authentication dialog's texts in English; the Arabic is in ./reauthentication-messages-ar.ts (loaded with
 * Arabic). A catalogue of its own rather than the shared one: the dialog is used by the areas whose changes need a
 * recent confirmation (the Security tab, payment details), and its texts travel with it. The areas that use it
 * import this file from their routes declaration, so the catalogue is declared before any of their pages renders.
 */
import { defineMessages } from '../../i18n/i18n';

export const reauthenticationEn = {
  title: 'Confirm it is you',
  text: 'For your safety, enter your password (or a code from your authenticator app) to continue. It counts for 5 minutes.',
  passwordLabel: 'Current password',
  codeLabel: 'Code from the app',
  usePassword: 'Use my password instead',
  useCode: 'Use a code from my app instead',
  confirm: 'Confirm',
  cancel: 'Cancel',
  close: 'Close',
  failed: 'That did not work',
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    reauthentication: typeof reauthenticationEn;
  }
}

// Registered for its side effect: its pages read the texts by namespace (imported as `import './…-messages'`).
defineMessages('reauthentication', reauthenticationEn, () =>
  import('./reauthentication-messages-ar').then((module) => module.reauthenticationAr),
);
