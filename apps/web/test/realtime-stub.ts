import { vi } from 'vitest';

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
