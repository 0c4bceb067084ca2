import { DEMO_EMAILS, DEMO_PASSWORD, DEMO_RECOVERY_CODES, DEMO_TOTP_SECRET } from '../../apps/server/src/db/seeds/demo-identities.ts';

/** The demo logins the e2e server seeds (apps/server/src/db/seeds), one password for all, and the two-factor
 * account's fixed secret and recovery codes (demo-identities.ts imports nothing, so the test runner stays light). */
export { DEMO_EMAILS, DEMO_PASSWORD, DEMO_RECOVERY_CODES, DEMO_TOTP_SECRET };
