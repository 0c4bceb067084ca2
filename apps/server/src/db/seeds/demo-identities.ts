/**
 * Who the demo data is about. The accounts seed creates these; other areas' seeds give them data.
 * One password for every demo account keeps the README table short.
 */
export const DEMO_PASSWORD = 'Portal-Demo-2026';

export const DEMO_EMAILS = {
  /** Partner whose referral agent has a rich history (bookings, later earnings…). */
  partner: 'partner@demo.test',
  /** A partner of another referral agent, with data of its own: proves isolation. */
  second: 'second@demo.test',
  /** A partner whose referral group is `affiliates` (barred from /commission-structure). */
  affiliate: 'affiliate@demo.test',
  /** Two-factor enabled; its TOTP secret is printed. */
  twoFactor: 'twofactor@demo.test',
  /** password_updated_check false: must set a new password first. */
  mustChangePassword: 'newpassword@demo.test',
  /** Registered, waiting for an operator's approval. */
  pending: 'pending@demo.test',
  /** Members of the main agent's team (issue 17), one per role besides the owner (`partner`) and manager (`twoFactor`). */
  agent: 'agent@demo.test',
  secondAgent: 'agent2@demo.test',
  finance: 'finance@demo.test',
} as const;

export const DEMO_AGENTS = {
  main: 'Harbor Health Partners',
  second: 'Northwind Care Network',
  affiliates: 'Bright Path Affiliates',
} as const;

/** Fixed on purpose, so the README can print it: this is demo data, never a real account. */
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

/**
 * The demo operators of the console (/console/login): one per role, the demo password, and one fixed TOTP secret
 * (already enrolled, so the README can give the code's source; each operator still accepts a code only once).
 */
export const DEMO_OPERATORS = [
  { email: 'ops-admin@demo.test', name: 'Layla Mansour', role: 'admin', description: 'Operator, role admin: every console page' },
  { email: 'ops-finance@demo.test', name: 'Marcus Webb', role: 'finance', description: 'Operator, role finance: partners (read), bookings and money, audit log' },
  { email: 'ops-content@demo.test', name: 'Hana Sato', role: 'content', description: 'Operator, role content: agents, facilities, notifications' },
  { email: 'ops-support@demo.test', name: 'Diego Alvarez', role: 'support', description: 'Operator, role support: partner applications, partners, bookings' },
] as const;
export const DEMO_OPERATOR_TOTP_SECRET = 'KAUJU6YEUSIYTB5TXL4NQW4U3SHDYDZL';
