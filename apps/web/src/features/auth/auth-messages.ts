/**
 * The auth area's texts in English (the source catalogue); the Arabic is in ./auth-messages-ar.ts, loaded only
 * when Arabic is chosen. Pages read them with `useText('auth')`.
 */
import { defineMessages } from '../../i18n/i18n';

export const authEn = {
  email: 'Email',
  password: 'Password',
  showPassword: 'Show password',
  backToSignIn: 'Back to sign in',
  goToSignIn: 'Go to sign in',
  askForNewLink: 'Ask for a new link',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',

  login: {
    title: 'Sign in',
    description: 'Sign in to your partner account.',
    rememberMe: 'Remember me',
    forgotPassword: 'Forgot password?',
    submit: 'Sign in',
    newPartner: 'New partner?',
    register: 'Register',
  },

  forgot: {
    title: 'Forgot your password?',
    description: 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
    submit: 'Send reset link',
  },

  reset: {
    title: 'Reset your password',
    description: 'Choose a new password for your account.',
    incompleteTitle: 'This link is incomplete',
    incomplete: 'The reset link is missing its token. Open the link from the e-mail again, or ask for a new one.',
    submit: 'Reset password',
  },

  rules: {
    heading: 'Your new password needs:',
    listLabel: 'Password requirements',
    done: ' (done)',
    notYet: ' (not yet)',
    // The contract's PASSWORD_RULES labels, by rule id.
    length: 'At least {{min}} characters',
    lower: 'A lowercase letter',
    upper: 'An uppercase letter',
    number: 'A number',
  },

  registration: {
    title: 'Become a partner',
    description: 'Tell us about you and your organisation. We review every application.',
    firstName: 'First name',
    lastName: 'Last name',
    confirmPassword: 'Confirm password',
    countryCode: 'Country code',
    phone: 'Phone number',
    optionsFailed: 'Could not load the partner types',
    partnerType: 'Partner type',
    industry: 'Industry',
    optional: 'Optional',
    organisation: 'Organisation',
    loadingOptions: 'Loading…',
    chooseOne: 'Choose one',
    submit: 'Register',
    alreadyPartner: 'Already a partner?',
    signIn: 'Sign in',
  },

  update: {
    title: 'Update your password',
    forcedDescription: 'Before you continue, replace the password you were given with one of your own.',
    description: 'Choose a new password for your account.',
    forcedNotice: 'You need to set a new password to use the portal.',
    currentPassword: 'Current password',
    submit: 'Update password',
    cancel: 'Cancel',
  },

  twoFactor: {
    title: 'Two-factor verification',
    codeDescription: 'Enter the 6-digit code from your authenticator app.',
    recoveryDescription: 'Enter one of the recovery codes you saved when you turned on two-factor authentication.',
    code: 'Authentication code',
    digit: 'Authentication code, digit {{digit}} of {{length}}',
    recoveryCode: 'Recovery code',
    verify: 'Verify',
    useRecovery: 'Use a recovery code instead',
    useCode: 'Use an authentication code instead',
    checkFailed: 'Could not check the code. Check your connection and try again.',
  },

  link: {
    title: 'Sign-in link',
    invalid: 'This sign-in link is invalid or has expired.',
    failedTitle: 'We could not sign you in',
    whatNext: 'Ask for a new link, or sign in with your e-mail and password.',
    signingIn: 'Signing you in',
    checking: 'Checking your sign-in link…',
    invitationTitle: 'Accept your invitation',
    invitationDescription: 'Choose the password you will sign in with. The link works once.',
    invitationSubmit: 'Accept and sign in',
  },

  thankYou: {
    title: 'Thank you for registering',
    body: 'We have received your application. Our team reviews every new partner account; once yours is approved you will get an e-mail with a link to sign in.',
  },

  approvalWaiting: {
    title: 'Your account is awaiting approval',
    body: 'Thank you for registering. Our team has not approved your partner account yet, so you cannot use the portal for now. You will receive an e-mail as soon as it is approved.',
  },
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    auth: typeof authEn;
  }
}

export const authMessages = defineMessages('auth', authEn, () => import('./auth-messages-ar').then((module) => module.authAr));
