import type { Notification, NotificationList } from '@portal/contracts/notifications';
import { paginated } from '../../../test/fixtures';

/** Test helpers only. */

export function page(rows: Notification[], options: { total?: number; current?: number; perPage?: number } = {}): NotificationList {
  return paginated(rows, options);
}
