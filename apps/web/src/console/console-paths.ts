/**
 * The console's pages, relative to its base path (/console, the router's basename): '/partner-applications' is
 * /console/partner-applications in the address bar.
 */
export const CONSOLE_PATHS = {
  home: '/',
  login: '/login',
  applications: '/partner-applications',
  partners: '/partners',
  /** the rate card; `?scope=contracts&contract_id=` shows one individual contract's negotiated rows */
  rateCard: '/rate-card',
} as const;
