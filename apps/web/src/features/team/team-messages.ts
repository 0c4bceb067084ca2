/** The Team area's texts in English; the Arabic is in ./team-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../../i18n/i18n';

export const teamEn = {
  title: 'Team',
  addTitle: 'Invite a member',
  intro: 'The people of your organisation who use the portal, their roles and what they may see.',
  seats: '{{used}} of {{limit}} seats in use',
  seatsHelp: 'Invitations waiting for an answer take a seat. Ask us if you need more seats.',
  seatsFull: 'Every seat is taken: revoke an invitation or deactivate a member before inviting someone.',
  readOnly: 'Only the owner can invite members or change the team.',
  invite: 'Invite a member',
  tabs: { members: 'Members', log: 'Team log' },
  empty: 'No members yet.',
  filteredEmpty: 'No members match these filters.',
  loadFailed: "Couldn't load the team.",
  summaryFailed: "Couldn't load the seats of the team.",
  searchPlaceholder: 'Search by name or e-mail',
  columns: { name: 'Name', email: 'E-mail', role: 'Role', status: 'Status', lastActive: 'Last active', actions: 'Actions' },
  you: '(you)',
  never: 'Never',
  expires: 'Link expires {{date}}',
  expired: 'Link expired {{date}}',
  roles: { owner: 'Owner', manager: 'Manager', agent: 'Agent', finance: 'Finance' },
  roleHelp: {
    manager: 'Sees all of the organisation’s referrals, earnings and payouts, and the team (read only).',
    agent: 'Sees only the referrals and earnings they brought in.',
    finance: 'Sees earnings, payouts and payment details, but no patient data.',
  },
  statuses: { active: 'Active', invited: 'Invited', deactivated: 'Deactivated', suspended: 'Suspended' },
  filters: { role: 'Role', status: 'Status', allRoles: 'All roles', allStatuses: 'All statuses' },
  actions: {
    menu: 'Actions for {{name}}',
    changeRole: 'Change role',
    deactivate: 'Deactivate',
    reactivate: 'Reactivate',
    resend: 'Resend invitation',
    revoke: 'Revoke invitation',
    transfer: 'Transfer ownership',
    cancel: 'Cancel',
    close: 'Close',
    failed: 'The change was not made',
  },
  dialogs: {
    roleTitle: 'Change the role of {{name}}',
    roleLabel: 'New role',
    roleSubmit: 'Change role',
    deactivateTitle: 'Deactivate {{name}}?',
    deactivateText:
      'They are signed out everywhere at once and can no longer sign in. Their past referrals stay attributed to them, and their seat becomes free.',
    deactivateSubmit: 'Deactivate',
    reactivateTitle: 'Reactivate {{name}}?',
    reactivateText: 'They can sign in again with their e-mail address and password, and take a seat.',
    reactivateSubmit: 'Reactivate',
    resendTitle: 'Send a new invitation to {{name}}?',
    resendText: 'A new link valid for 7 days is e-mailed; the link sent before stops working.',
    resendSubmit: 'Send a new invitation',
    revokeTitle: 'Revoke the invitation of {{name}}?',
    revokeText: 'The link stops working and the seat becomes free.',
    revokeSubmit: 'Revoke',
    transferTitle: 'Transfer ownership to {{name}}?',
    transferText:
      'They become the owner of the team, and you become a manager: you will no longer manage the team. Enter your password to confirm.',
    transferPassword: 'Your current password',
    transferSubmit: 'Transfer ownership',
  },
  form: {
    intro: 'We e-mail them a link that works once, for 7 days. It signs them in and asks them to choose a password.',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail address',
    role: 'Role',
    submit: 'Send the invitation',
    back: 'Back to the team',
    failed: 'The invitation was not sent',
    sent: 'Invitation sent',
    sentText: 'We e-mailed an invitation to {{email}}.',
  },
  log: {
    empty: 'Nothing has happened in the team yet.',
    loadFailed: "Couldn't load the team log.",
    loading: 'Loading the team log',
    previous: 'Newer',
    next: 'Older',
    page: 'Page {{page}} of {{pages}}',
    system: 'The invitee',
    invited: '{{actor}} invited {{target}} as {{role}}',
    invitation_resent: '{{actor}} sent {{target}} a new invitation',
    invitation_revoked: '{{actor}} revoked the invitation of {{target}}',
    invitation_accepted: '{{target}} accepted the invitation',
    role_changed: '{{actor}} changed the role of {{target}} from {{from}} to {{role}}',
    deactivated: '{{actor}} deactivated {{target}}',
    reactivated: '{{actor}} reactivated {{target}}',
    ownership_transferred: '{{actor}} transferred the ownership to {{target}}',
  },
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    team: typeof teamEn;
  }
}

export const teamMessages = defineMessages('team', teamEn, () => import('./team-messages-ar').then((module) => module.teamAr));
