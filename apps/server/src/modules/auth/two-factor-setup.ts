import type { Queryable } from '../../db/queryable.ts';
import { createEncrypter } from '../../lib/encryption.ts';
import { acceptTotpStep, replaceRecoveryCodes, setTwoFactor } from './repository.ts';
import { TOTP_SECRET_PURPOSE } from './service.ts';
import { confirmPendingSecret, countUnusedRecoveryCodes, findTwoFactorState, storePendingSecret } from './two-factor-repository.ts';
import { generateRecoveryCodes, generateTotpSecret, hashRecoveryCode, matchTotpStep, totpUri } from './two-factor.ts';

export interface TwoFactorSetup {
  secret: string;
  uri: string;
  recoveryCodes: string[];
}

/**
 * Turns two-factor on for a user with a new (or given) secret and eight new recovery codes, replacing
 * any earlier ones. The secret is stored sealed with APP_KEY, the codes as sha256; the clear values are
 * returned once, to be handed to the user. The operator CLI and the demo seed call this; the profile's Security tab
 * turns it on in two steps (startTwoFactorSetup, confirmTwoFactorSetup) so the member proves the app has the secret.
 */
export async function configureTwoFactor(
  db: Queryable,
  appKey: string,
  user: { id: number; email: string },
  options: { secret?: string; recoveryCodes?: string[] } = {},
): Promise<TwoFactorSetup> {
  const secret = options.secret ?? generateTotpSecret();
  const recoveryCodes = options.recoveryCodes ?? generateRecoveryCodes();
  await setTwoFactor(db, user.id, createEncrypter(appKey, TOTP_SECRET_PURPOSE).encrypt(secret));
  await replaceRecoveryCodes(db, user.id, recoveryCodes.map(hashRecoveryCode));
  return { secret, uri: totpUri(secret, user.email), recoveryCodes };
}

export async function removeTwoFactor(db: Queryable, userId: number): Promise<void> {
  await setTwoFactor(db, userId, null);
  await replaceRecoveryCodes(db, userId, []);
}

// ---- the profile's Security tab (issue 17; modules/account-security reaches these through this public file) ----

export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(db: Queryable, userId: number): Promise<TwoFactorStatus> {
  const state = await findTwoFactorState(db, userId);
  const enabled = Boolean(state?.two_factor_secret && state.two_factor_confirmed_at);
  return { enabled, recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, userId) : 0 };
}

/**
 * Step one of turning two-factor on: a new secret, sealed and kept waiting (sign-in does not ask for it yet).
 * Null when two-factor is already on. Starting again replaces a secret still waiting.
 */
export async function startTwoFactorSetup(
  db: Queryable,
  appKey: string,
  user: { id: number; email: string },
): Promise<{ secret: string; uri: string } | null> {
  const secret = generateTotpSecret();
  const stored = await storePendingSecret(db, user.id, createEncrypter(appKey, TOTP_SECRET_PURPOSE).encrypt(secret));
  return stored ? { secret, uri: totpUri(secret, user.email) } : null;
}

/**
 * Step two: a code of the waiting secret turns two-factor on and answers eight new recovery codes (clear, once).
 * 'no_setup' when nothing waits (never started, or already on); 'invalid_code' for a wrong code.
 */
export async function confirmTwoFactorSetup(
  db: Queryable,
  appKey: string,
  userId: number,
  code: string,
): Promise<{ recoveryCodes: string[] } | 'no_setup' | 'invalid_code'> {
  const state = await findTwoFactorState(db, userId);
  if (!state?.two_factor_secret || state.two_factor_confirmed_at) return 'no_setup';
  const step = matchTotpStep(createEncrypter(appKey, TOTP_SECRET_PURPOSE).decrypt(state.two_factor_secret), code);
  if (step === null) return 'invalid_code';
  // Compared with the secret read above: a setup restarted in between (another tab) is not turned on by this code.
  if (!(await confirmPendingSecret(db, userId, state.two_factor_secret, step))) return 'no_setup';
  const recoveryCodes = generateRecoveryCodes();
  await replaceRecoveryCodes(db, userId, recoveryCodes.map(hashRecoveryCode));
  return { recoveryCodes };
}

/**
 * A code of the member's app, for a re-authentication: true when two-factor is on and the code is valid now and newer
 * than the last one accepted (the same replay rule as sign-in: a code works once).
 */
export async function verifyTwoFactorCode(db: Queryable, appKey: string, userId: number, code: string): Promise<boolean> {
  const state = await findTwoFactorState(db, userId);
  if (!state?.two_factor_secret || !state.two_factor_confirmed_at) return false;
  const step = matchTotpStep(createEncrypter(appKey, TOTP_SECRET_PURPOSE).decrypt(state.two_factor_secret), code);
  return step !== null && (await acceptTotpStep(db, userId, step));
}

/** Eight new recovery codes in place of the old ones (which stop working); null when two-factor is off. */
export async function regenerateRecoveryCodes(db: Queryable, userId: number): Promise<string[] | null> {
  if (!(await twoFactorStatus(db, userId)).enabled) return null;
  const recoveryCodes = generateRecoveryCodes();
  await replaceRecoveryCodes(db, userId, recoveryCodes.map(hashRecoveryCode));
  return recoveryCodes;
}
