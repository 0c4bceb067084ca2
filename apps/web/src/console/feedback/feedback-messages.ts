/** The console's support inbox, in English; the Arabic is in ./feedback-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../../i18n/i18n';

export const consoleFeedbackEn = {
  title: 'Support inbox',
  threadTitle: 'Feedback thread',
  description: 'Partners’ feedback from every agent: assign it, answer it, keep internal notes and move it along.',
  loadFailed: "Couldn't load the feedback.",
  empty: 'No partner has sent feedback yet.',
  filteredEmpty: 'No feedback matches these filters.',
  columnMessage: 'Message',
  columnPartner: 'Partner',
  columnAgent: 'Agent',
  columnCategory: 'Category',
  columnStatus: 'Status',
  columnAssignee: 'Assignee',
  columnUpdated: 'Last activity',
  status: 'Status',
  allStatuses: 'All statuses',
  category: 'Category',
  allCategories: 'All categories',
  agent: 'Agent',
  allAgents: 'All agents',
  assignee: 'Assignee',
  anyAssignee: 'Any assignee',
  noneFound: 'Nothing found',
  unassigned: 'Unassigned',
  statusFilter: 'Status: {{status}}',
  categoryFilter: 'Category: {{category}}',
  agentFilter: 'Agent: {{agent}}',
  assigneeFilter: 'Assignee: {{assignee}}',
  statuses: { new: 'New', in_review: 'In review', answered: 'Answered', closed: 'Closed' },
  categories: { booking: 'Booking', payout: 'Payout', portal_problem: 'Portal problem', content: 'Content', other: 'Other' },
  // the thread
  back: 'Back to the inbox',
  notFound: 'This feedback does not exist.',
  threadLoadFailed: "Couldn't load this feedback.",
  facts: 'About this feedback',
  sentBy: 'Sent by',
  sentOn: 'Sent',
  rating: 'Rating',
  ratingValue: '{{value}} out of 5',
  noRating: 'None',
  page: 'Page',
  appVersion: 'Portal version',
  language: 'Language',
  conversation: 'Conversation',
  internalNote: 'Internal note',
  operatorLabel: '{{name}} (operator)',
  download: 'Download {{name}}',
  changeStatus: 'Change status',
  statusChanged: 'Status changed',
  statusChangedDetail: 'The feedback is now “{{status}}”.',
  assign: 'Assign to',
  assigned: 'Assignee changed',
  assignedDetail: '{{name}} handles this feedback now.',
  unassignedDetail: 'Nobody handles this feedback now.',
  actionFailed: 'The change could not be saved.',
  replyTitle: 'Answer or note',
  replyLabel: 'Message',
  internalToggle: 'Internal note (only operators see it; the partner is not told)',
  sendReply: 'Send to the partner',
  addNote: 'Add internal note',
  replySent: 'Answer sent',
  replySentDetail: 'The partner is told in the portal and by e-mail.',
  noteAdded: 'Note added',
  noteAddedDetail: 'Only operators see it.',
  closedHint: 'This feedback is closed: reopen it (change its status) to answer the partner. Internal notes can still be added.',
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    'console-feedback': typeof consoleFeedbackEn;
  }
}

export const consoleFeedbackMessages = defineMessages('console-feedback', consoleFeedbackEn, () =>
  import('./feedback-messages-ar').then((module) => module.consoleFeedbackAr),
);
