import { REFERRAL_AGENTS_URL } from '@portal/contracts/console-referral-agents';
import type { AgentRecord, StoredLogo } from './repository.ts';

/** The file store's kind of an agent's logo (docs/services.md, File storage). */
export const AGENT_LOGO_KIND = 'agent-logo';

/**
 * What partners' pages load as their agent's logo once one is uploaded (`referral_agents.logo`, read by GET
 * /api/user and so by the header and the dashboard): the portal's route that answers the signed-in partner's own
 * agent's file. The version (the stored key's file name) changes with each upload, so no browser keeps the old one.
 */
export const PARTNER_LOGO_PATH = '/api/agent-logo';

function versionOf(file: StoredLogo): string {
  return file.key.slice(file.key.lastIndexOf('/') + 1).replace(/\.[a-z0-9]+$/i, '');
}

export function partnerLogoUrl(file: StoredLogo): string {
  return `${PARTNER_LOGO_PATH}?v=${versionOf(file)}`;
}

/** Where the console shows an agent's logo from: its uploaded file, the built-in image it may have, or nothing. */
export function consoleLogoUrl(record: Pick<AgentRecord, 'id' | 'logo' | 'logo_file'>): string | null {
  if (record.logo_file) return `${REFERRAL_AGENTS_URL}/${record.id}/logo?v=${versionOf(record.logo_file)}`;
  return record.logo?.startsWith('/build/logos/') ? record.logo : null;
}
