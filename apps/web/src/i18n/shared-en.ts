/**
 * The shared catalogue, English (the source language): the texts of the app shell (layout, menus, error pages),
 * of the shared components (data table, date-range filter, searchable select, loading overlay) and of lib/ (toasts
 * of the session, download and HTTP messages). An area's own texts live in its folder (`defineMessages`).
 *
 * Texts the spec fixes are written exactly as the spec has them (marked "spec"); `{{name}}` is a value put in.
 */
import { TOTALS_LABEL } from '@portal/contracts/constants';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@portal/contracts/errors';

export const sharedEn = {
  productName: 'Partner Portal',
  loading: 'Loading',
  languageLabel: 'Language',
  chooseLanguage: 'Choose the language',

  shell: {
    skipToContent: 'Skip to content',
    openNavigation: 'Open navigation',
    closeNavigation: 'Close navigation',
    mainNavigation: 'Main',
    accountMenu: 'Account menu for {{name}}',
    closeNotification: 'Close notification',
    changePassword: 'Change password',
    theme: 'Theme',
    themeLight: 'Light',
    themeDark: 'Dark',
    themeSystem: 'System',
    signOut: 'Sign out',
    preferenceNotSaved: 'Your choice applies on this device, but it could not be saved to your account.',
    timesIn: 'Times in {{zone}}',
  },

  navigationGroups: {
    Overview: 'Overview',
    'My Referrals': 'My Referrals',
    Earnings: 'Earnings',
    Programme: 'Programme',
    Account: 'Account',
  },

  errors: {
    somethingWentWrong: 'Something went wrong',
    pageNotShown: 'This page could not be shown. Reloading usually helps.',
    reload: 'Reload',
    goToDashboard: 'Go to dashboard',
    pageNotFound: 'Page not found',
    pageNotFoundDetail: 'The page you were looking for does not exist, or it has moved.',
    goBack: 'Go back',
    // spec §8
    requestFailed: 'An error occurred',
    serviceUnavailable: SERVICE_UNAVAILABLE_MESSAGE,
    checkConnection: 'Check your connection and try again.',
    tryAgain: 'Try again',
    retry: 'Retry',
  },

  // issue 34: a page the member's role cannot open (app/role-forbidden-page.tsx)
  forbidden: {
    title: 'Not available for your role',
    detail: '{{page}} is not available to the {{role}} role: it shows {{what}}.',
    detailNoPage: 'This page is not available to the {{role}} role: it shows {{what}}.',
    rolesThatCan: 'Roles that can open it: {{roles}}.',
    whoGrants: 'The {{grantors}} of your organisation can change your role on the Team page.',
    roles: { owner: 'Owner', manager: 'Manager', agent: 'Agent', finance: 'Finance' },
    permissions: {
      'portal.use': 'the portal',
      'referrals.read': 'bookings and patients’ names',
      'network.read': 'the facility network',
      'earnings.read': 'commissions and balances',
      'payouts.read': 'the organisation’s payouts and finance reports',
      'payment_details.manage': 'the organisation’s payment details',
      'terms.read': 'the commission terms',
      'agreements.sign': 'signing agreements for the organisation',
      'team.read': 'the team and its members’ figures',
      'team.manage': 'managing the team',
      'tax_profile.manage': 'the organisation’s tax profile',
      'reconciliation.use': 'reconciliation with the facilities',
    },
    listSeparator: ', ',
  },

  session: {
    // spec §8
    loginFailedTitle: 'Login failed',
    loginFailedFallback: 'Could not sign in. Check your connection and try again.',
    tooManyAttempts: 'Too many login attempts. Please try again in {{seconds}} seconds.',
    loginSuccessTitle: 'Login successful',
    welcomeBackNamed: 'Welcome back, {{name}}!',
    welcomeBack: 'Welcome back!',
    // spec §8
    forgotSuccessTitle: 'Password reset link sent',
    // spec §8, as written
    forgotSuccessMessage: 'Password reset successfully',
    // spec §8
    failedTitle: 'Failed',
    // spec §8
    resetSuccessTitle: 'Password reset success',
    resetSuccessFallback: 'You can now sign in with your new password.',
    passwordUpdatedTitle: 'Password updated',
    passwordUpdatedFallback: 'Your new password is set.',
    signedOutTitle: 'Signed out',
    signedOutForInactivity: 'You were signed out after an hour without activity.',
  },

  download: {
    popupBlockedTitle: 'Pop-up blocked',
    // spec §8
    popupBlocked: 'Failed to open new tab. Make sure your browser allows pop-ups.',
  },

  table: {
    // spec §2
    searchPlaceholder: 'Type to search here ...',
    search: 'Search',
    clearSearch: 'Clear search',
    copy: 'Copy',
    print: 'Print',
    // spec §2
    exportAs: 'Export as',
    pdf: 'PDF',
    excel: 'Excel',
    // spec §2
    copied: 'Data Copied to Clipboard!',
    copyFailed: 'Could not copy: the browser did not allow access to the clipboard.',
    exportFailed: 'Export failed. Please try again.',
    preparingPdf: 'Preparing the PDF file…',
    preparingExcel: 'Preparing the Excel file…',
    preparingFile: 'Preparing the file…',
    loading: 'Loading…',
    noRecords: 'No records found.',
    listLoadFailed: "Couldn't load the list.",
    listRefreshFailed: "Couldn't refresh the list. These are the rows loaded before.",
    yes: 'Yes',
    no: 'No',
    selectRow: 'Select row {{label}}',
    selectAll: 'Select all rows',
    // spec §2
    totals: TOTALS_LABEL,
    aboutColumn: 'About {{column}}: {{message}}',
    // The header of the toggle column, and a toggle's name, where columns fold into a row's details.
    details: 'Details',
    rowDetails: 'Details of {{label}}',
    // spec §2
    showing: 'Showing {{shown}} of {{total}} entries',
    // Spoken after a list loads (page or filter changed); the visible text above stays the spec's.
    showingRange: 'Showing {{from}}–{{to}} of {{total}}',
    noEntries: 'No entries to show.',
    rowsPerPage: 'Rows per page',
    pagination: 'Pagination',
    page: 'Page {{page}}',
    firstPage: 'First page',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    lastPage: 'Last page',
    compactActions: 'Copy, print or export',
    exportAsPdf: 'Export as PDF',
    exportAsExcel: 'Export as Excel',
    filteredEmpty: 'No records match these filters.',
    clearFilters: 'Clear filters',
    filters: 'Filters',
    filtersActive: ' ({{count}} active)',
    sortBy: 'Sort by',
    notSorted: 'Not sorted',
    sortAscending: '{{column}} (ascending)',
    sortDescending: '{{column}} (descending)',
    printFilters: 'Filters:',
    printNoFilters: 'none',
    printSearch: 'Search: “{{search}}”',
    printRows: 'Page {{page}} of {{pages}}: {{shown}} of {{total}} entries',
    printedAt: 'Printed {{date}}',
    printedAtFor: 'Printed {{date}} for {{name}}',
  },

  dateRange: {
    label: 'Date range',
    allDates: 'All dates',
    ranges: 'Ranges',
    // spec §2
    today: 'Today',
    last7Days: 'Last 7 days',
    thisMonth: 'This month',
    lastMonth: 'Last month',
    // issue 34: calendar quarters (spec §9 counts four)
    thisQuarter: 'This quarter',
    lastQuarter: 'Last quarter',
    // A hint, not a date: an example date in the box was taken for a value already entered.
    datePlaceholder: 'Type a date (day month year)',
    customMonthly: 'Custom Monthly',
    month: 'Month',
    year: 'Year',
    yearRange: 'Year range',
    startDate: 'Start date',
    endDate: 'End date',
    clear: 'Clear',
    apply: 'Apply',
    monthsFrom: 'Months from January {{year}} to this month.',
    startYear: 'Start year',
    endYear: 'End year',
    clearRange: 'Clear date range',
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    previousYear: 'Previous year',
    nextYear: 'Next year',
    previousDecade: 'Previous decade',
    nextDecade: 'Next decade',
    // spec §5, word for word
    startAfterEnd: 'Error ! Start Date {{start}} should not be greater than end date {{end}}',
    // spec §5, word for word
    startYearAfterEnd: 'Error ! Start Year {{start}} should not be greater than end Year {{end}}',
  },

  select: {
    // spec §2, §8
    noOptions: 'No options found',
    clearSelection: 'Clear selection',
  },

  // Commission rates in words (lib/rate-text.ts): the commission structure, the tier page, the console's rate card.
  rates: {
    percent: '{{value}} %',
    perTreatment: '{{amount}} per treatment',
    none: 'No commission',
    allServices: 'All services',
    allServicesLower: 'all services',
    allFacilitiesLower: 'all facilities',
  },

  profileTabs: {
    label: 'Profile sections',
    profile: 'Profile',
    details: 'Personal details',
    security: 'Security',
    notifications: 'Notifications',
  },
} as const;

export type SharedCatalogue = typeof sharedEn;
