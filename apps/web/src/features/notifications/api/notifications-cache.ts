import type { QueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '@portal/contracts/notifications';
import { notificationKeys } from './notification-keys';

/**
 * What every change does to the cache: the count the server just answered is shown at once, then every list and
 * the count are refetched so they agree with the server. Also tells the other tabs of this browser (which may not
 * hear the realtime event if their socket is down).
 */
export async function afterNotificationsChanged(queryClient: QueryClient, unreadCount?: number): Promise<void> {
  if (unreadCount !== undefined) queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount(), { count: unreadCount });
  announceToOtherTabs();
  await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

const TABS_CHANNEL = 'portal-notifications';
let tabsChannel: BroadcastChannel | null | undefined;

function channel(): BroadcastChannel | null {
  if (tabsChannel === undefined) tabsChannel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(TABS_CHANNEL);
  return tabsChannel;
}

function announceToOtherTabs(): void {
  channel()?.postMessage({ type: 'notifications-changed' });
}

/** Calls `listener` when another tab of this browser changed notifications. Returns the unsubscribe. */
export function onNotificationsChangedInOtherTab(listener: () => void): () => void {
  const tabs = channel();
  if (!tabs) return () => {};
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'notifications-changed') listener();
  };
  tabs.addEventListener('message', onMessage);
  return () => tabs.removeEventListener('message', onMessage);
}
