/** The page's path (spec route `/finance-reports`); a report-ready notification links here. */
export const FINANCE_REPORTS_PATH = '/finance-reports';
