import { LOGIN_LINK_EXPIRE_HOURS } from '@portal/contracts/constants';
import type { Queryable } from '../../db/queryable.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { insertLoginLink, type LoginLinkPurpose } from './repository.ts';

export interface CreatedLoginLink {
  url: string;
  expiresAt: Date;
}

/**
 * A one-time sign-in link `${appUrl}/authenticate?token=…` (approval e-mails; invitations of team
 * members later). Only the token's sha256 is stored; POST /api/authenticate spends it.
 */
export async function createLoginLink(
  db: Queryable,
  appUrl: string,
  userId: number,
  purpose: LoginLinkPurpose,
): Promise<CreatedLoginLink> {
  const token = randomToken(32);
  const expiresAt = await insertLoginLink(db, { userId, tokenHash: sha256(token), purpose, expiresInHours: LOGIN_LINK_EXPIRE_HOURS });
  return { url: `${appUrl}/authenticate?token=${encodeURIComponent(token)}`, expiresAt };
}
