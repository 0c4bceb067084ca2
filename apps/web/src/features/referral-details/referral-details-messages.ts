/** The Referral details area's texts in English; the Arabic is in ./referral-details-messages-ar.ts (loaded with Arabic). */

export const referralDetailsEn = {
  title: 'Referral details',
  intro: 'Share your personal referral code or link. Bookings that come through it are counted as yours.',
  loading: 'Loading your referral details',
  loadFailed: 'Your referral details could not be loaded',
  organisation: {
    title: 'Your organisation',
    agent: 'Referral agent',
    group: 'Referral group',
    logo: '{{name}} logo',
  },
  code: {
    title: 'Your referral code',
    code: 'Referral code',
    link: 'Referral link',
    copyCode: 'Copy code',
    copyLink: 'Copy link',
    copied: 'Copied',
    copyFailed: 'Could not copy: the browser did not allow access to the clipboard.',
    since: 'In use since {{date}}',
    qrAlt: 'QR code that opens your referral link {{link}}',
    downloadPng: 'Download QR code as PNG',
    downloadSvg: 'Download QR code as SVG',
    downloadFailed: 'The QR code could not be downloaded. Please try again.',
    regenerate: 'Get a new code',
    previous: 'Previous codes that still work',
    previousUntil: '{{code}}, works until {{date}}',
  },
  regenerate: {
    title: 'Get a new referral code?',
    body: 'You get a new code, link and QR code. The current code {{code}} and its link keep working for {{days}} days, so printed material has time to be replaced; after that they stop working.',
    confirm: 'Get a new code',
    cancel: 'Cancel',
    done: 'Your new referral code is {{code}}.',
    doneTitle: 'Referral code changed',
    failed: 'The code could not be changed. Please try again.',
  },
  attribution: {
    title: 'How attribution works',
    yours: 'A booking counts as yours when it carries your code: made from your link or QR code, with your code typed into a booking request, or entered by you. Every booking of your team also counts for your organisation.',
    remember: 'When someone opens your link, their browser remembers your code for {{days}} days, so a booking made later on that device still counts as yours.',
    twoCodes: 'If they open another partner’s link after yours, the most recent link counts. A code typed into a booking request counts over a remembered one. A booking keeps the partner it was made with.',
    newCode: 'When you get a new code, the old one keeps working for {{days}} days.',
  },
  team: {
    title: 'Team referrals',
    description: 'Bookings each member referred: made in the month, and completed with the appointment in the month ({{zone}} time).',
    loading: 'Loading the team’s figures',
    loadFailed: 'The team’s figures could not be loaded',
    empty: 'Your team has no members yet.',
    member: 'Member',
    role: 'Role',
    referred: 'Referred',
    completed: 'Completed',
    thisMonth: 'This month ({{month}})',
    lastMonth: 'Last month ({{month}})',
    caption: 'Referrals by team member, this month and last month',
    roles: { owner: 'Owner', manager: 'Manager', agent: 'Agent', finance: 'Finance' },
    statuses: { deactivated: 'Deactivated', suspended: 'Suspended' },
  },
  landing: {
    title: 'Referral',
    checking: 'Checking the referral link',
    referredBy: 'Referred by {{agent}}',
    remembered: 'This referral is remembered on this device for {{days}} days. A booking made from here counts for {{agent}}.',
    invalidTitle: 'This referral link does not work',
    invalid: 'The link is not valid or has expired. Ask the person who shared it for a new one.',
    failed: 'The referral link could not be checked right now.',
  },
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    'referral-details': typeof referralDetailsEn;
  }
}
