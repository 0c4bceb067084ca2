/** The Learning pages' texts in English; the Arabic is in ./learning-messages-ar.ts (loaded with Arabic). */
import { defineMessages, useText } from '../../i18n/i18n';

export const learningEn = {
  kinds: { article: 'Article', knowledge: 'Answer', handbook: 'Handbook', video: 'Video', poster: 'Poster' },
  common: {
    loading: 'Loading',
    loadFailed: 'This could not be loaded',
    checkConnection: 'Check your connection and try again.',
    tryAgain: 'Try again',
    search: 'Search',
    fallback: 'Not yet translated into Arabic: shown in English.',
    lastReviewed: 'Last reviewed {{date}}',
    published: 'Published {{date}}',
    minutes: '{{count}} min',
    readingTime: '{{time}} read',
    notFoundTitle: 'This item is not available',
    notFound: 'It may have been moved or archived, or the link is wrong.',
    previous: 'Previous page',
    next: 'Next page',
    pageOf: 'Page {{page}} of {{pages}}',
    page: 'Page {{page}}',
  },
  resources: {
    title: 'Learning resources',
    description: 'Articles, videos and answers to help you refer patients with confidence.',
    searchLabel: 'Search all learning',
    searchPlaceholder: 'Search articles, videos and answers',
    results: '{{count}} results for “{{query}}”',
    noResults: 'Nothing matches “{{query}}”.',
    continueTitle: 'Continue',
    continueVideo: 'Continue watching',
    continueArticle: 'Continue reading',
    newTitle: 'New since your last visit',
    newEmpty: 'Nothing new since your last visit.',
    sectionsTitle: 'Sections',
    articles: 'Articles',
    videos: 'Videos',
    knowledge: 'Knowledge base',
    posters: 'Posters',
    count: '{{count}} items',
    open: 'Open {{section}}',
  },
  articles: {
    title: 'Articles',
    description: 'Guides for every step of a referral, kept up to date by our team.',
    allSections: 'All sections',
    sectionFilter: 'Section',
    sort: 'Sort by',
    newest: 'Newest',
    helpful: 'Most helpful',
    empty: 'No articles yet.',
    filteredEmpty: 'No articles match this search.',
    helpfulCount: '{{count}} found this helpful',
    searchKnowledge: 'Search the knowledge base instead',
  },
  article: {
    back: 'All articles',
    contents: 'On this page',
    related: 'Related articles',
  },
  vote: {
    question: 'Was this helpful?',
    yes: 'Yes',
    no: 'No',
    thanks: 'Thank you for your answer.',
    why: 'What was missing?',
    reasons: { unclear: 'Unclear', outdated: 'Out of date', incomplete: 'Incomplete', not_relevant: 'Not relevant to me' },
    other: 'Anything else (optional)',
    send: 'Send',
    failed: 'Your answer could not be saved.',
  },
  videos: {
    title: 'Videos',
    description: 'Short videos on the programme, the booking form and the facilities.',
    filter: 'Show',
    filters: { all: 'All', unwatched: 'Not watched', in_progress: 'In progress', watched: 'Watched' },
    continueWatching: 'Continue watching',
    empty: 'No videos yet.',
    filteredEmpty: 'No videos match these filters.',
    watched: 'Watched',
    progress: '{{percent}} % watched',
    captions: 'Captions: {{languages}}',
    languages: { en: 'English', ar: 'Arabic' },
  },
  video: {
    back: 'All videos',
    transcript: 'Transcript',
    transcriptLanguage: 'Transcript language',
    noTranscript: 'This video has no transcript.',
    resumed: 'Resumed where you stopped.',
    inCategory: 'More in {{section}}',
    complete: 'You have watched this video.',
    seekTo: 'Play from {{time}}',
  },
  knowledge: {
    title: 'Knowledge base',
    description: 'Answers to the questions partners ask most.',
    searchLabel: 'Search the knowledge base',
    searchPlaceholder: 'For example: refund, passport, interpreter',
    results: '{{count}} answers for “{{query}}”',
    nothingFound: 'No answer matches “{{query}}”.',
    askUs: 'Ask us instead',
    askUsHint: 'Start a feedback thread with your question; our team answers within one working day.',
    empty: 'No answers yet.',
    showAnswer: 'Show the answer',
  },
  handbook: {
    title: 'Partner handbook',
    effective: 'In effect from {{date}}',
    version: 'Version {{version}}',
    olderVersion: 'You are reading version {{version}}, which is no longer in effect.',
    readCurrent: 'Read the version in effect',
    contents: 'Contents',
    versions: 'Versions',
    changes: 'What changed in this version',
    noChanges: 'This is the first version.',
    change: { added: 'Added', changed: 'Changed', removed: 'Removed' },
    print: 'Print or save as PDF',
    acknowledgeTitle: 'Please confirm you have read this version',
    acknowledge: 'I have read this version',
    acknowledged: 'You confirmed this version on {{date}}.',
    acknowledgeFailed: 'Your confirmation could not be saved.',
    newerVersion: 'A newer version is in effect; read it before confirming.',
    membersTitle: 'Your team and this version',
    membersPending: '{{count}} members have not confirmed yet',
    memberConfirmed: 'Confirmed {{date}}',
    memberPending: 'Not yet confirmed',
    notFound: 'The handbook is not published yet.',
  },
};

declare module '../../i18n/i18n' {
  interface Catalogues {
    'learning-pages': typeof learningEn;
  }
}

/**
 * Declared by the pages' chunks, not by the routes declaration: the pages' texts load with the first page of the area,
 * so no other page carries them (learning-routes.tsx keeps the sidebar labels and page titles, which the shell needs).
 */
defineMessages('learning-pages', learningEn, () => import('./learning-messages-ar').then((module) => module.learningAr));

/** The pages' texts (importing this file is what declares them). */
export function useLearningText() {
  return useText('learning-pages');
}
