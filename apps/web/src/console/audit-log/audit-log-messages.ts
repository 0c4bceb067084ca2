/** The audit log viewer's texts in English; the Arabic is in ./audit-log-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../../i18n/i18n';

export const auditLogEn = {
  title: 'Audit log',
  description: 'Every change operators and the command line made, and partners’ security events, newest first.',
  privacyNote: 'Rows can show partners’ personal data (names, e-mail addresses, IP addresses). Use them for the case at hand only.',
  empty: 'The audit log has no rows yet.',
  filteredEmpty: 'No rows match these filters.',
  loadFailed: "Couldn't load the audit log.",
  filters: 'Filters',
  clearFilters: 'Clear filters',
  actorType: 'Actor type',
  allActors: 'Anyone',
  actor: 'Actor',
  anyOperator: 'Any operator',
  actorId: 'Actor id',
  actorIdDescription: 'A partner’s user id, or the command line’s user name',
  action: 'Action',
  allActions: 'Every action',
  everyActionOf: 'Every action: {{area}}',
  targetType: 'Target type',
  allTargets: 'Any target',
  targetId: 'Target id',
  dates: 'Dates',
  columnTime: 'Time',
  columnActor: 'Actor',
  columnAction: 'Action',
  columnTarget: 'Target',
  columnReason: 'Reason',
  columnIp: 'IP address',
  columnDetails: 'Details',
  view: 'View',
  viewNamed: 'View event {{id}}',
  unknownName: 'Unknown',
  filterChips: {
    actorType: 'Actor type: {{value}}',
    actor: 'Actor: {{value}}',
    action: 'Action: {{value}}',
    target: 'Target: {{value}}',
    dates: 'Dates: {{value}}',
  },
  detail: {
    title: 'Event {{id}}',
    close: 'Close',
    when: 'When',
    actor: 'Actor',
    role: 'Role',
    action: 'Action',
    target: 'Target',
    reason: 'Reason',
    ip: 'IP address',
    userAgent: 'Browser or client',
    none: 'None',
    changes: 'Changes',
    field: 'Field',
    before: 'Before',
    after: 'After',
    change: 'Change',
    noValues: 'This event recorded no values.',
    added: 'Added',
    removed: 'Removed',
    changed: 'Changed',
    unchanged: 'Same',
    masked: 'Hidden when recorded',
    empty: '(empty)',
    onlyThisActor: 'Only this actor',
    onlyThisTarget: 'Only this target',
    openTarget: 'Open {{target}}',
  },
  actorTypes: {
    operator: 'Operator',
    partner: 'Partner',
    cli: 'Command line',
    system: 'System',
  },
  roles: {
    admin: 'Admin',
    finance: 'Finance',
    content: 'Content',
    support: 'Support',
  },
  targetTypes: {
    user: 'Partner',
    operator: 'Operator',
    booking: 'Booking',
    referral_agent: 'Referral agent',
    referral_group: 'Referral group',
    facility: 'Facility',
    job: 'Background job',
  },
  /** The areas of actions: 'partner.' filters every partner action. */
  areas: {
    auth: 'Partner security',
    console: 'Console sign-in',
    partner: 'Partners',
    operator: 'Operators',
    booking: 'Bookings',
    notification: 'Notifications',
    job: 'Background jobs',
    user: 'Users',
  },
  /** Each known action in words, by area; an action not listed here shows its code. */
  actions: {
    auth: {
      sign_in: 'Signed in',
      sign_in_failed: 'Sign-in failed',
      password_changed: 'Changed their password',
      password_reset: 'Reset their password',
      session_ended: 'Signed out',
      two_factor_enabled: 'Two-factor sign-in turned on',
      two_factor_disabled: 'Two-factor sign-in turned off',
    },
    console: {
      sign_in: 'Signed in to the console',
      sign_in_failed: 'Console sign-in failed',
      signed_out: 'Signed out of the console',
      two_factor_enrolled: 'Set up two-factor sign-in',
    },
    partner: {
      approved: 'Approved a partner',
      rejected: 'Rejected a partner',
      suspended: 'Suspended a partner',
      reactivated: 'Reactivated a partner',
      sessions_ended: 'Ended a partner’s sessions',
      login_link_sent: 'Sent a sign-in link',
    },
    operator: {
      created: 'Created an operator',
    },
    booking: {
      created: 'Created a booking',
      status_changed: 'Changed a booking’s status',
      invoice_status_changed: 'Changed a booking’s invoice status',
    },
    notification: {
      sent: 'Sent a notification',
      sent_to_agent: 'Notified an agent’s partners',
    },
    job: {
      retried: 'Retried a failed job',
    },
    user: {
      suspended: 'Suspended a user',
      two_factor_enabled: 'Two-factor sign-in turned on',
    },
  },
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    'console-audit-log': typeof auditLogEn;
  }
}

export const auditLogMessages = defineMessages('console-audit-log', auditLogEn, () =>
  import('./audit-log-messages-ar').then((module) => module.auditLogAr),
);
