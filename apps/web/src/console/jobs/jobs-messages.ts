/** The Background jobs page's texts in English; the Arabic is in ./jobs-messages-ar.ts (loaded with Arabic). */

export const jobsEn = {
  title: 'Background jobs',
  description: 'Work the portal does after a request: e-mail, scheduled runs. A job whose every attempt failed waits in the failed list until it is retried.',
  updated: 'Updated at {{time}}; refreshed every 15 seconds while this page is open.',
  refresh: 'Refresh',
  loadFailed: "Couldn't load the queues.",
  retry: 'Try again',
  queues: {
    title: 'Queues',
    caption: 'Jobs in each queue, by state',
    empty: 'No queue is defined.',
    columnQueue: 'Queue',
    queued: 'Queued',
    active: 'Running',
    retrying: 'Waiting to retry',
    failed: 'Failed',
    completed: 'Completed (24 h)',
    showFailed: 'Show the failed jobs of {{name}}',
  },
  failed: {
    title: 'Failed jobs',
    description: 'Every attempt of these jobs failed. Fix the cause first (the last error says what went wrong), then retry: the job runs once more.',
    empty: 'No job has failed. Good.',
    filteredEmpty: 'No job of this queue has failed.',
    loadFailed: "Couldn't load the failed jobs.",
    queue: 'Queue',
    allQueues: 'All queues',
    queueFilter: 'Queue: {{name}}',
    columnQueue: 'Queue',
    columnKey: 'Key',
    columnSummary: 'Job',
    columnAttempts: 'Attempts',
    columnError: 'Last error',
    columnCreated: 'Created',
    columnFailed: 'Failed',
    columnActions: 'Action',
    noKey: 'None',
    retry: 'Retry',
    retryNamed: 'Retry job {{id}}',
    retryTitle: 'Retry this {{name}} job?',
    retryDetail: 'It runs once more, now. It failed after {{count}} attempts; the last error was: {{error}}',
    noError: 'no message',
    cancel: 'Cancel',
    close: 'Close',
    retried: 'Job queued again',
    retriedDetail: 'The {{name}} job runs once more; the retry is in the audit log.',
    retryFailed: 'The job could not be retried.',
  },
  schedules: {
    title: 'Schedules',
    caption: 'Scheduled jobs',
    empty: 'No job runs on a schedule.',
    columnQueue: 'Queue',
    columnCron: 'Cron expression',
    columnTimeZone: 'Time zone',
    columnNext: 'Next run',
    unknown: 'Unknown',
  },
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    'console-jobs': typeof jobsEn;
  }
}
