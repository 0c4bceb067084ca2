/** The operations console's texts in English; the Arabic is in ./console-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../i18n/i18n';

export const consoleEn = {
  productName: 'Operations console',
  roles: {
    admin: 'Admin',
    finance: 'Finance',
    content: 'Content',
    support: 'Support',
  },

  signIn: {
    title: 'Sign in to the operations console',
    description: 'For the staff of the business. Partners sign in to the partner portal instead.',
    email: 'E-mail address',
    password: 'Password',
    submit: 'Sign in',
    failed: 'Could not sign in. Check your connection and try again.',
    enrolTitle: 'Set up two-factor sign-in',
    enrolDescription: 'Operators sign in with a code from an authenticator app. Scan this QR code with the app, then enter the 6-digit code it shows.',
    qrAlt: 'QR code that adds the operations console to an authenticator app',
    secretLabel: 'Or type this key into the app',
    enrolLoading: 'Preparing a QR code',
    enrolFailed: 'The QR code could not be prepared.',
    code: 'Code from the authenticator app',
    digit: 'Digit {{digit}} of {{length}}',
    confirm: 'Confirm and sign in',
    recoveryTitle: 'Keep your recovery codes',
    recoveryDescription: 'Each code signs you in once if you lose your authenticator app. Store them somewhere safe: they are not shown again.',
    recoveryCodes: 'Recovery codes',
    copyCodes: 'Copy the codes',
    codesCopied: 'Codes copied',
    continue: 'I have stored them: continue',
    challengeTitle: 'Two-factor sign-in',
    challengeDescription: 'Enter the 6-digit code from your authenticator app.',
    recoveryChallengeDescription: 'Enter one of your recovery codes.',
    recoveryCode: 'Recovery code',
    verify: 'Verify',
    useRecovery: 'Use a recovery code',
    useCode: 'Use a code from the app',
    startOver: 'Start again',
    disabled: 'This operator account is disabled.',
  },

  shell: {
    navigation: 'Console',
    operatorMenu: 'Operator menu for {{name}}',
    signedInAs: 'Signed in as {{role}}',
    signOutFailed: 'Signing out failed. Try again.',
  },

  home: {
    title: 'Overview',
    welcome: 'Welcome, {{name}}',
    yourPages: 'The pages of your role',
    nothingYet: 'No console page is open to your role yet: its pages come with the next areas.',
  },

  forbidden: {
    title: 'Not allowed',
    detail: 'Your role cannot open this page.',
    goHome: 'Go to the overview',
  },

  notFound: {
    title: 'Page not found',
    detail: 'The console has no page at this address.',
  },

  applications: {
    title: 'Partner applications',
    description: 'Registrations waiting for approval, oldest first.',
    empty: 'No applications are waiting.',
    filteredEmpty: 'No applications match this search.',
    loadFailed: "Couldn't load the applications.",
    columnName: 'Name',
    columnEmail: 'E-mail',
    columnOrganisation: 'Organisation',
    columnType: 'Partner type',
    columnPhone: 'Phone',
    columnRegistered: 'Registered',
    columnActions: 'Decision',
    approve: 'Approve',
    approveNamed: 'Approve {{name}}',
    reject: 'Reject',
    rejectNamed: 'Reject {{name}}',
    approveTitle: 'Approve {{name}}?',
    approveDetail: '{{email}} will be e-mailed a one-time sign-in link, and can then sign in.',
    rejectTitle: 'Reject {{name}}?',
    rejectDetail: '{{email}} will be e-mailed that the registration was not approved.',
    reason: 'Reason',
    reasonDescription: 'Kept in the audit log for operators; the e-mail does not quote it.',
    cancel: 'Cancel',
    close: 'Close',
    approved: 'Application approved',
    approvedDetail: '{{email}} has been e-mailed a sign-in link.',
    rejected: 'Application rejected',
    rejectedDetail: '{{email}} has been told.',
    decisionFailed: 'The decision could not be saved.',
  },
};

declare module '../i18n/i18n' {
  interface Catalogues {
    console: typeof consoleEn;
  }
}

export const consoleMessages = defineMessages('console', consoleEn, () => import('./console-messages-ar').then((module) => module.consoleAr));
