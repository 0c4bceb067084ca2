/** Business constants and limits of spec §9, shared by the server and the SPA. */

export const NOTIFICATION_DURATION_MS = 6000;
export const INACTIVITY_LOGOUT_MS = 3_600_000;
export const INACTIVITY_EVENTS = ['mousemove', 'keydown', 'mousedown', 'touchstart'] as const;

export const LIST_DEBOUNCE_MS = 500;
export const TABLE_SEARCH_DEBOUNCE_MS = 800;

export const DEFAULT_PAGE_SIZE = 5;
export const PAGE_SIZES = [5, 10, 20, 25, 50, 100, 200] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const BOOKINGS_PAGE_SIZE = 10;
export const TABLE_PLACEHOLDER_ROWS = 5;
export const DROPDOWN_MAX_HEIGHT = '15rem';

export const PERMISSION_VIEW = 'referral';
export const DEFAULT_INDUSTRY = 'individual';
export const AFFILIATES_GROUP = 'affiliates';

export const FIRST_YEAR = 2012;
export const QUARTERS = 4;
export const QUICK_RANGE_DAYS = 7;

export const TRUNCATE_LENGTH = 20;

export const DATE_FORMAT = 'D MMM Y';
export const DATE_FORMAT_COMMA = 'MMM, D Y';
export const DATE_TIME_FORMAT = 'MM, D YYYY hh:mm A';
export const MONTH_FORMAT = 'MMMM-Y';

/** The fixed prefix shown before a booking's ticket id (Booking Id column). */
export const BOOKING_ID_PREFIX = 'MT-';

export const ASSET_BASE = '/build/';

/** Local storage keys of spec §3; all of them are cleared at sign-out. */
export const STORAGE_KEYS = {
  username: 'username',
  auth: 'auth',
  referralHome: 'referralHome',
  referral: 'referral',
  partnerCertification: 'partnerCertification',
  bookingFlow: 'bookingFlow',
} as const;
export const SIGN_OUT_CLEARED_KEYS = Object.values(STORAGE_KEYS);

/** Session lifetimes (server). */
export const SESSION_IDLE_MINUTES = 120;
export const SESSION_REMEMBER_DAYS = 30;
/** A session without "remember" ends 12 hours after sign-in however active it is (ASVS L2). */
export const SESSION_ABSOLUTE_HOURS = 12;

export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_DECAY_SECONDS = 60;
export const PASSWORD_RESET_EXPIRE_MINUTES = 60;
export const PASSWORD_RESET_THROTTLE_SECONDS = 60;
export const LOGIN_LINK_EXPIRE_HOURS = 72;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/*
 * dayjs spellings of the spec's date formats. The spec writes years as moment's `Y`, which dayjs does not know:
 * `dayjs().format('D MMM Y')` prints a literal "Y" ('5 Mar Y'). Pass these to dayjs and to @mantine/dates
 * (`valueFormat`), never the spec spellings above.
 */
export const DAYJS_DATE_FORMAT = 'D MMM YYYY';
export const DAYJS_DATE_FORMAT_COMMA = 'MMM, D YYYY';
export const DAYJS_DATE_TIME_FORMAT = 'MM, D YYYY hh:mm A';
export const DAYJS_MONTH_FORMAT = 'MMMM-YYYY';
/** Wire format of a date (filters, Mantine dates values). */
export const ISO_DATE_FORMAT = 'YYYY-MM-DD';

/** Shown by formatters (and so in table cells) for a missing or unreadable value, as the Booking Id column does. */
export const EMPTY_VALUE = '-';
/** Default file name of a download whose response names none (spec §7). */
export const DEFAULT_DOWNLOAD_FILENAME = 'downloaded-file';
/** Default label of the table widget's totals row (spec §2). */
export const TOTALS_LABEL = 'Totals';
