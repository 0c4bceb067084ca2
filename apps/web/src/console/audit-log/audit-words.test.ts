import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEAM_LOG_ACTIONS } from '@portal/contracts/team';
import { auditLogEn } from './audit-log-messages';
import { auditLogAr } from './audit-log-messages-ar';

/**
 * Every action and target type the server writes into the audit log has words in both languages (issue 34 item 8:
 * rows read 'Published an agreement', not 'agreement.published'), and so a choice in the Action filter. Read from the
 * server's source: the literal actions of `action: …` (a ternary's two included), the audit maps, the security events
 * the partner's account writes (`event(caller, 'auth.…')`) and the team's log actions.
 */
function serverSources(): string[] {
  const root = join(process.cwd(), 'apps/server/src');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test-support') && !file.startsWith('test/'))
    .map((file) => readFileSync(join(root, file), 'utf8'));
}

function writtenByTheServer(): { actions: Set<string>; targets: Set<string> } {
  const actions = new Set<string>(TEAM_LOG_ACTIONS.map((action) => `team.${action}`));
  const targets = new Set<string>();
  const literal = /'([a-z_]+\.[a-z_]+)'/g;
  for (const text of serverSources()) {
    for (const [, expression] of text.matchAll(/\baction:\s*([^,}\n]+)/g)) for (const [, action] of expression!.matchAll(literal)) actions.add(action!);
    for (const [, map] of text.matchAll(/AUDIT_ACTIONS[^=]*=\s*\{([^}]+)\}/g)) for (const [, action] of map!.matchAll(literal)) actions.add(action!);
    for (const [, action] of text.matchAll(/\bevent\([^,]+,\s*'(auth\.[a-z_]+)'/g)) actions.add(action!);
    for (const [, type] of text.matchAll(/\btarget:\s*\{\s*type:\s*'([a-z_]+)'/g)) targets.add(type!);
  }
  return { actions, targets };
}

type Actions = Record<string, Record<string, string>>;

describe('the audit log’s words', () => {
  const { actions, targets } = writtenByTheServer();

  it('finds what the server writes (the scan still reads the source)', () => {
    expect(actions.size).toBeGreaterThan(90);
    expect([...actions]).toEqual(expect.arrayContaining(['partner.approved', 'agreement.published', 'commission_rate.created', 'auth.reauthenticated', 'team.invited']));
    expect([...targets]).toEqual(expect.arrayContaining(['user', 'agreement', 'payout']));
  });

  it('names every action the server writes, and its area, in English and in Arabic', () => {
    const missing: string[] = [];
    for (const action of actions) {
      const [area, name] = action.split('.') as [string, string];
      for (const [language, catalogue] of [['en', auditLogEn], ['ar', auditLogAr]] as const) {
        const words = (catalogue.actions as Actions)[area]?.[name];
        const areaWords = (catalogue.areas as Record<string, string>)[area];
        if (!words || !areaWords) missing.push(`${language}: ${action}`);
        else if (language === 'ar' && !/[\u0600-\u06FF]/.test(words + areaWords)) missing.push(`${language}: ${action} is not Arabic`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names every target type the server writes, in English and in Arabic', () => {
    const missing = [...targets].filter((type) => !(type in auditLogEn.targetTypes) || !/[\u0600-\u06FF]/.test((auditLogAr.targetTypes as Record<string, string>)[type] ?? ''));
    expect(missing).toEqual([]);
  });
});
