import type { User } from '@portal/contracts/session';
import type { Paginated } from '@portal/contracts/pagination';
import type { Notification } from '@portal/contracts/notifications';

/** A user as GET /api/user answers it; `overrides` replace top-level fields, `profile` parts of partner_profile. */
export function makeUser(
  overrides: Partial<Omit<User, 'partner_profile'>> = {},
  profile: Partial<User['partner_profile']> = {},
): User {
  return {
    id: 7,
    first_name: 'Ada',
    last_name: 'Lovelace',
    name: 'Ada Lovelace',
    email: 'ada@example.test',
    phone: '+971501234567',
    password_updated_check: true,
    first_login: false,
    two_factor_enabled: false,
    locale: 'en',
    theme: 'system',
    time_zone: null,
    ...overrides,
    partner_profile: {
      partner_type: { name: 'Broker' },
      partner_industry: { name: 'Insurance' },
      referral_agent: {
        id: 3,
        name: 'Harbor Health Partners',
        logo: '/logos/harbor.svg',
        referral_group: { slug: 'partners', name: 'Partners' },
      },
      organisation: 'Analytical Engines Ltd',
      role: 'owner',
      ...profile,
    },
  };
}

export const affiliatesGroup = { slug: 'affiliates', name: 'Affiliates' };

/** A Laravel paginator answer around `rows` (page links left empty: the table builds its own). */
export function paginated<Row>(rows: Row[], { total = rows.length, current = 1, perPage = 10 } = {}): Paginated<Row> {
  const from = rows.length > 0 ? (current - 1) * perPage + 1 : null;
  return {
    data: rows,
    links: [],
    total,
    current_page: current,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    from,
    to: from === null ? null : from + rows.length - 1,
  };
}

let notificationSequence = 0;

/** A notification as the notification centre's API answers it: unread, no link, a new id each time. */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  notificationSequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(notificationSequence).padStart(12, '0')}`,
    type: 'message',
    title: `Notice ${notificationSequence}`,
    body: `Body ${notificationSequence}`,
    link: null,
    data: {},
    read_at: null,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}
