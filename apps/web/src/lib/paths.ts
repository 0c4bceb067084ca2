/**
 * Paths of the routes the logic refers to, by name (spec §2: login, Dashboard and update-password are the named
 * routes). A plain module with no components, so the store, the guard and the navigation config can import it
 * without pulling pages in.
 */
export const ROUTES = {
  login: '/login',
  Dashboard: '/',
  'update-password': '/update-password',
  authenticate: '/authenticate',
  'forgot-password': '/forgot-password',
  'reset-password': '/reset-password',
  'broken-page': '/broken-page',
  registration: '/registration',
  'thank-you': '/thank-you',
  'approval-waiting': '/approval-waiting',
  'two-factor-verification': '/two/factor/verification',
  'commission-structure': '/commission-structure',
  'partner-tiers': '/partner-tiers',
  'payment-details': '/payment-details',
} as const;

export type RouteName = keyof typeof ROUTES;
