/** The pages of this area, relative to the console's base path (/console). */
export const REFERRAL_PATHS = {
  agents: '/referral-agents',
  newAgent: '/referral-agents/new',
  agent: (id: number) => `/referral-agents/${id}`,
  groups: '/referral-groups',
} as const;
