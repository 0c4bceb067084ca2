/** The profile's texts in English; the Arabic is in ./profile-messages-ar.ts (loaded with Arabic). */

export const profileEn = {
  title: 'Profile',
  detailsTitle: 'Personal details',
  notificationsTitle: 'Notification preferences',
  loading: 'Loading your profile',
  loadFailed: 'Your profile could not be loaded',
  saved: 'Saved',
  saveFailed: 'Your changes could not be saved.',

  nameSection: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  saveName: 'Save name',

  avatarSection: 'Photo',
  avatarAlt: 'Your photo',
  avatarHint: 'A PNG, JPEG or WebP image of at most 5 MB. It is cropped to a square and its location and camera data are removed.',
  uploadAvatar: 'Upload a photo',
  replaceAvatar: 'Replace photo',
  removeAvatar: 'Remove photo',
  avatarUploaded: 'Your photo was updated.',
  avatarRemoved: 'Your photo was removed.',

  displaySection: 'Language, time zone and theme',
  language: 'Language',
  theme: 'Theme',
  timeZone: 'Time zone',
  timeZoneDevice: "This device's time zone ({{zone}})",
  timeZoneHint: 'Saved with your account.',
  saveTimeZone: 'Save time zone',

  emailSection: 'E-mail address',
  currentEmail: 'Current address: {{email}}',
  pendingEmail: 'Waiting for confirmation: {{email}}. Follow the link we sent to it within 15 minutes.',
  newEmail: 'New e-mail address',
  currentPassword: 'Current password',
  changeEmail: 'Send confirmation link',
  emailRequested: 'We sent a confirmation link to {{email}}. Your address changes when you follow it.',
  emailThrottled: 'Too many requests. Please try again later.',

  passwordSection: 'Password',
  passwordHint: 'Change the password you sign in with.',
  changePassword: 'Change password',

  confirmTitle: 'Confirm your e-mail address',
  confirming: 'Confirming your new e-mail address',
  confirmed: 'Your e-mail address is now {{email}}.',
  confirmFailed: 'This confirmation link is invalid, was already used or has expired. Ask for a new one from your profile.',
  confirmUnreachable: 'Your new address could not be confirmed just now: the portal did not answer. Try again in a moment.',
  confirmRetry: 'Try again',
  missingToken: 'This link is incomplete. Open the link from the e-mail again.',
  goToProfile: 'Go to your profile',
  signIn: 'Sign in',

  notificationsIntro: 'Choose how you hear about each event. Some notices cannot be turned off.',
  notificationsLoading: 'Loading your notification preferences',
  notificationsLoadFailed: 'Your notification preferences could not be loaded',
  notificationsEmpty: 'There are no notifications to choose about yet.',
  event: 'Event',
  channelInApp: 'In the portal',
  channelEmail: 'By e-mail',
  mandatory: 'Always on',
  notOffered: 'Not available',
  toggleLabel: '{{event}}: {{channel}}',
  preferenceSaved: 'Preference saved.',

  events: {
    booking_created: { label: 'New booking', hint: 'A booking was made through your referral.' },
    booking_status_changed: { label: 'Booking updates', hint: 'A booking or its invoice changed status.' },
    message: { label: 'Messages from the portal team', hint: 'Announcements and notices from our operators.' },
    team: { label: 'Team changes', hint: 'Your role or the team’s ownership changed, or someone accepted your invitation. Changes to your own access are always e-mailed.' },
    feedback_answered: { label: 'Answers to your feedback', hint: 'The portal team answered your feedback. The answer is always e-mailed to you.' },
    rates_changed: { label: 'Commission rate changes', hint: 'A rate that applies to your organisation changes: which one, from what to what, and from when.' },
    tier_changed: { label: 'Partner tier changes', hint: 'Your organisation moves up a tier, is given notice of a move down, or the programme team changes or holds its tier.' },
    reconciliation: { label: 'Reconciliation with facilities', hint: 'A facility sends its statement, the reconciliation team replies on or resolves a dispute, or a period locks within three days.' },
    agreement_published: { label: 'Agreements to sign', hint: 'A new agreement, or a new version of one, is published for your organisation.' },
    commission: { label: 'Commissions', hint: 'A commission is earned, approved for payout, reversed or clawed back; a payout is sent, paid or fails.' },
    payment_details: { label: 'Payment details', hint: "Your agent's bank details are changed, verified by the programme team or frozen." },
    account_approved: { label: 'Account approved', hint: 'Your partner account was approved and you can sign in.' },
    security: { label: 'Security notices', hint: 'Changes to your sign-in details, such as your e-mail address.' },
  },
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    profile: typeof profileEn;
  }
}
