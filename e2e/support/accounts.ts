import { DEMO_EMAILS, DEMO_PASSWORD } from '../../apps/server/src/db/seeds/demo-identities.ts';

/** The demo logins the e2e server seeds (apps/server/src/db/seeds), one password for all. */
export { DEMO_EMAILS, DEMO_PASSWORD };

/**
 * The two-factor account's fixed secret and recovery codes, as `demo-accounts.ts` seeds them and the README prints
 * them (copied here: importing the seed would load the server's database and hashing code into the test runner).
 */
export const DEMO_TOTP_SECRET = 'TCH6AJOMA5HRHKTMTUSUAYV7CX3X2HXD';
export const DEMO_RECOVERY_CODES = [
  'Hs4ZyJM4hD-fDx3MXLiKW',
  'Ia7EexIXfS-aWdhK1TCzT',
  'c4c4ACXbw7-c4CnojzxhR',
  'Io88MViWOH-IUFpWsCgnM',
  'KEXYvDthtZ-Ffx17b0HBn',
  'dBR25Fdmar-jqLtyXqxqV',
  'F7gH5rhHcs-6fHlrcfZZz',
  '6mbACGhDHj-TkzVdxhqJH',
] as const;
