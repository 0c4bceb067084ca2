import type { Notification, NotificationList } from '@portal/contracts/notifications';
import { paginated } from '../../../test/fixtures';

/** Test helpers only. */

let sequence = 0;

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    type: 'message',
    title: `Notice ${sequence}`,
    body: `Body ${sequence}`,
    link: null,
    data: {},
    read_at: null,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

export function page(rows: Notification[], options: { total?: number; current?: number; perPage?: number } = {}): NotificationList {
  return paginated(rows, options);
}
