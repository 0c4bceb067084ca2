/**
 * The zone the portal shows times in: the one the signed-in person saved on their profile (issue 17), else the
 * device's. One value for the whole page: dates in tables, the bookings date filter's whole days (`timezone` sent to
 * the server) and exports all agree. Set by the preferences sync at sign-in and by the profile page when it saves.
 */
import { useSyncExternalStore } from 'react';

let saved: string | null = null;
const listeners = new Set<() => void>();

/** The device's own zone ('UTC' if the browser cannot tell). */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone times are shown in now. */
export function viewerTimeZone(): string {
  return saved ?? deviceTimeZone();
}

/** Follows the person's saved zone; null (or one this browser does not know) goes back to the device's. */
export function setSavedTimeZone(zone: string | null | undefined): void {
  const next = zone && isKnownZone(zone) ? zone : null;
  if (next === saved) return;
  saved = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** viewerTimeZone(), re-rendering when it changes. */
export function useViewerTimeZone(): string {
  return useSyncExternalStore(subscribe, viewerTimeZone, viewerTimeZone);
}
