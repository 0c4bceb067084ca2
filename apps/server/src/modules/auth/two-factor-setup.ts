import type { Queryable } from '../../db/queryable.ts';
import { createEncrypter } from '../../lib/encryption.ts';
import { replaceRecoveryCodes, setTwoFactor } from './repository.ts';
import { TOTP_SECRET_PURPOSE } from './service.ts';
import { generateRecoveryCodes, generateTotpSecret, hashRecoveryCode, totpUri } from './two-factor.ts';

export interface TwoFactorSetup {
  secret: string;
  uri: string;
  recoveryCodes: string[];
}

/**
 * Turns two-factor on for a user with a new (or given) secret and eight new recovery codes, replacing
 * any earlier ones. The secret is stored sealed with APP_KEY, the codes as sha256; the clear values are
 * returned once, to be handed to the user. (Enabling it from the profile page comes with a later issue;
 * today the operator CLI and the demo seed call this.)
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
