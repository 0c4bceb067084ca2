/**
 * What NODE_ENV=production requires besides APP_KEY and APP_URL (config.ts): the business's details on self-billing
 * statements and its euro account for SEPA payout files. For tests and the bench that start the server as production.
 */
export const PRODUCTION_ISSUER_ENV = {
  ISSUER_NAME: 'Bench Health Services Ltd',
  ISSUER_ADDRESS: '1 Test Street, Dublin, Ireland',
  ISSUER_COUNTRY: 'IE',
  ISSUER_TAX_ID: 'IE1234567T',
  PAYOUT_DEBTOR_IBAN: 'IE29AIBK93115212345678',
  PAYOUT_DEBTOR_BIC: 'AIBKIE2D',
} as const;

/** Everything NODE_ENV=production requires but APP_KEY: the public address and the business (PRODUCTION_ISSUER_ENV). */
export const PRODUCTION_ENV = { ...PRODUCTION_ISSUER_ENV, APP_URL: 'https://partners.example.test' } as const;
