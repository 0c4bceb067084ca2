/** The dashboard's texts in English; the Arabic is in ./dashboard-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../../i18n/i18n';

export const dashboardEn = {
  title: 'Dashboard',
  loading: 'Loading your dashboard',
  loadFailed: 'Your partner details could not be loaded',
  welcome: 'Welcome, {{name}}',
  intro: 'Here is your partner account at a glance.',
  partnerType: 'Partner type',
  industry: 'Industry',
  referralAgent: 'Referral agent',
  logo: '{{name}} logo',
  // spec §3: the industry shown when the partner has none
  individual: 'individual',
  range: {
    label: 'Period',
    last30: '30 days',
    last90: '90 days',
    yearToDate: 'Year to date',
    custom: 'Custom',
    customDates: 'Custom dates',
    chooseDates: 'Choose dates',
    tooLong: 'Choose a range of at most {{days}} days.',
    compared: '{{current}} compared with {{previous}}',
    span: '{{from}} – {{to}}',
  },
  card: {
    loading: 'Loading {{title}}',
    loadFailed: '{{title}} could not be loaded',
    crashed: 'This card could not be shown',
  },
  change: {
    up: '+{{percent}} %',
    down: '−{{percent}} %',
    new: 'New',
    same: 'No change',
    upText: 'Up {{percent}} % on the previous {{days}} days',
    downText: 'Down {{percent}} % on the previous {{days}} days',
    newText: 'New: none in the previous {{days}} days',
    sameText: 'No change on the previous {{days}} days',
  },
  bookingKpis: {
    title: 'Bookings',
    referred: 'Referred',
    referredHint: 'Bookings made in the period',
    completed: 'Completed',
    completedHint: 'Treatments completed in the period',
    viewAll: 'View bookings',
  },
  earningsKpis: {
    title: 'Earnings',
    pending: 'Pending',
    pendingHint: 'Earned, still in the refund window',
    approved: 'Approved',
    approvedHint: 'Earned and approved for a payout',
    paid: 'Paid',
    paidHint: 'Paid to your account in the period',
    none: 'No earnings in this period.',
    viewAll: 'View my earnings',
  },
  nextPayout: {
    title: 'Next payout',
    none: 'Nothing is waiting to be paid: approved commissions are paid on the next payout day.',
    onItsWay: 'On its way',
    payoutDay: 'Payout day {{date}}',
    scheduled: 'Scheduled for {{date}}',
    belowMinimum: 'Below the {{minimum}} minimum; carried forward',
    // issue 34: a payout day is never shown without the hold on every payout
    held: {
      payment_details_missing: 'Held: no payment details yet',
      payment_details_unverified: 'Held until your new payment details are verified',
      payment_details_frozen: 'Held: your payment details are frozen',
    },
    heldDay: 'Paid on the first payout day after that: {{date}} at the earliest',
    reviewDetails: 'Review payment details',
    viewPayouts: 'View payouts',
  },
  chart: {
    title: 'Bookings and earnings',
    show: 'Show',
    bookings: 'Bookings',
    earnings: 'Earnings',
    currency: 'Currency',
    asTable: 'Show as table',
    asChart: 'Show as chart',
    period: 'Period',
    weekOf: 'Week of {{date}}',
    referred: 'Referred',
    completed: 'Completed',
    pending: 'Pending',
    approved: 'Approved',
    paid: 'Paid',
    bookingsSummary: 'From {{from}} to {{to}}: {{referred}} bookings referred and {{completed}} completed.',
    earningsSummary: 'From {{from}} to {{to}}, in {{currency}}: {{pending}} pending, {{approved}} approved and {{paid}} paid.',
    bookingsEmpty: 'No bookings in this period.',
    earningsEmpty: 'No earnings in this period.',
  },
  recentBookings: {
    title: 'Recent bookings',
    caption: 'Your 10 most recent referrals, newest first',
    viewAll: 'View all bookings',
    empty: 'No bookings yet. Your referrals appear here as soon as they are booked.',
    bookingId: 'Booking Id',
    patient: 'Patient',
    facility: 'Facility',
    appointment: 'Appointment',
    status: 'Status',
    statuses: { pending: 'Pending', confirmed: 'Confirmed', completed: 'Completed', cancelled: 'Cancelled', no_show: 'No-show', refunded: 'Refunded' },
  },
  notifications: {
    title: 'Latest notifications',
    viewAll: 'View all notifications',
    empty: 'No notifications yet.',
    unread: 'Unread',
  },
  actions: {
    title: 'Needs your attention',
    none: 'Nothing needs your attention.',
    urgent: 'Urgent',
    since: 'Since {{date}}',
    kinds: {
      agreementToSign_one: 'An agreement is waiting for your signature',
      agreementToSign_other: '{{count, number}} agreements are waiting for your signature',
      paymentDetailsMissing: 'Add your payment details: payouts are held until you do',
      paymentDetailsUnverified: 'Your payment details are waiting to be verified',
      paymentDetailsFrozen: 'Your payment details are frozen: payouts are held',
      payoutFailed_one: 'A payout failed: check your payment details',
      payoutFailed_other: '{{count, number}} payouts failed: check your payment details',
      invitesPending_one: 'An invitation has not been accepted yet',
      invitesPending_other: '{{count, number}} invitations have not been accepted yet',
    },
  },
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    dashboard: typeof dashboardEn;
  }
}

export const dashboardMessages = defineMessages('dashboard', dashboardEn, () =>
  import('./dashboard-messages-ar').then((module) => module.dashboardAr),
);
