import { vi } from 'vitest';
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

/**
 * Stands in for lib/realtime: no socket; `emit` delivers an event to what the app listens for on the user channel,
 * as pusher-js would (Echo short names: 'NotificationCreated').
 */
export function createRealtimeStub() {
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  const reconnectListeners = new Set<() => void>();
  return {
    module: {
      followSession: vi.fn(),
      connectRealtime: vi.fn(),
      disconnectRealtime: vi.fn(),
      getEcho: vi.fn(() => null),
      listenOnUserChannel: (event: string, callback: (data: unknown) => void) => {
        const set = listeners.get(event) ?? new Set();
        set.add(callback);
        listeners.set(event, set);
        return () => set.delete(callback);
      },
      onRealtimeReconnect: (listener: () => void) => {
        reconnectListeners.add(listener);
        return () => reconnectListeners.delete(listener);
      },
    },
    emit(event: string, data: unknown) {
      for (const callback of listeners.get(event) ?? []) callback(data);
    },
    reconnect() {
      for (const listener of reconnectListeners) listener();
    },
  };
}
