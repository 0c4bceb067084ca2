/** The feedback area's texts in English; the Arabic is in ./feedback-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../../i18n/i18n';

export const feedbackEn = {
  title: 'Feedback',
  threadTitle: 'Feedback conversation',
  intro: 'Tell the partner support team what works and what does not. We answer every message here and by e-mail.',
  // the form
  formTitle: 'Send feedback',
  category: 'Category',
  categoryPlaceholder: 'Choose a category',
  'categories.booking': 'Booking',
  'categories.payout': 'Payout',
  'categories.portal_problem': 'Portal problem',
  'categories.content': 'Content',
  'categories.other': 'Other',
  rating: 'How satisfied are you? (optional)',
  ratingOption: '{{value}} out of 5',
  clearRating: 'No rating',
  message: 'Message',
  messageHint: 'Describe what happened. Do not include patients’ medical details unless support needs them.',
  attachments: 'Attachments (optional)',
  attachmentsHint: 'Up to 3 images (PNG, JPEG, WebP) or PDF files, 10 MB each.',
  attachmentsTooMany: 'At most 3 files may be attached.',
  attachmentsTooLarge: '“{{name}}” is larger than 10 MB.',
  attachmentsWrongType: '“{{name}}” is not an image or a PDF.',
  removeFile: 'Remove {{name}}',
  autoAttached: 'The page you came from, the portal’s version and your language are sent with it.',
  send: 'Send feedback',
  sent: 'Feedback sent',
  sentDetail: 'The support team will answer here and by e-mail.',
  sendFailed: 'Your feedback could not be sent.',
  uploading: 'Uploading {{name}}…',
  // the list
  listTitle: 'My feedback',
  listTitleAgent: 'Feedback of your team',
  empty: 'You have not sent any feedback yet.',
  filteredEmpty: 'No feedback matches these filters.',
  loadFailed: 'Your feedback could not be loaded.',
  columnSubject: 'Message',
  columnCategory: 'Category',
  columnStatus: 'Status',
  columnAuthor: 'Sent by',
  columnUpdated: 'Last activity',
  statusFilter: 'Status',
  allStatuses: 'All statuses',
  'statuses.new': 'New',
  'statuses.in_review': 'In review',
  'statuses.answered': 'Answered',
  'statuses.closed': 'Closed',
  open: 'Open the conversation',
  // a thread
  back: 'Back to feedback',
  threadLoadFailed: 'This conversation could not be loaded.',
  threadNotFound: 'This conversation does not exist or is not yours to see.',
  retry: 'Try again',
  loading: 'Loading…',
  sentOn: 'Sent {{date}}',
  ratingValue: 'Rating: {{value}} out of 5',
  noRating: 'No rating',
  conversation: 'Conversation',
  download: 'Download {{name}} ({{size}})',
  replyTitle: 'Reply',
  reply: 'Send reply',
  replied: 'Reply sent',
  replyFailed: 'Your reply could not be sent.',
  closedNote: 'This conversation is closed. Send new feedback if you need anything else.',
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    feedback: typeof feedbackEn;
  }
}

export const feedbackMessages = defineMessages('feedback', feedbackEn, () => import('./feedback-messages-ar').then((module) => module.feedbackAr));
