import { VIDEO_COMPLETE_COVERAGE, VIDEO_RESUME_END_MARGIN_SECONDS } from '@portal/contracts/learning';

/**
 * A partner's watched spans of a video, in whole seconds: [start, end) pairs, sorted, never overlapping or touching
 * (Mentingo keeps an int4multirange and merges with `+`; this is the same in TypeScript so both databases agree).
 * A report may come late, twice or out of order (a beacon after the last heartbeat): merging is idempotent and
 * order-free, and a video counts as complete once the spans cover 90 % of its duration, never by reaching the end.
 */
export type Span = [number, number];

/** Clamps to [0, duration], widens to whole seconds (a span from 3.4 to 7.2 watched seconds 3..8), drops empty ones. */
function normalise(spans: readonly (readonly [number, number])[], duration: number): Span[] {
  const out: Span[] = [];
  for (const [rawStart, rawEnd] of spans) {
    if (!Number.isFinite(rawStart) || !Number.isFinite(rawEnd)) continue;
    const start = Math.max(0, Math.floor(Math.min(rawStart, rawEnd)));
    const end = Math.min(duration, Math.ceil(Math.max(rawStart, rawEnd)));
    if (end > start) out.push([start, end]);
  }
  return out;
}

/** The union of `existing` and `reported`, within [0, duration]. */
export function mergeSpans(existing: readonly (readonly [number, number])[], reported: readonly (readonly [number, number])[], duration: number): Span[] {
  const all = normalise([...existing, ...reported], duration).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Span[] = [];
  for (const span of all) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  return merged;
}

export function coveredSeconds(spans: readonly Span[]): number {
  return spans.reduce((total, [start, end]) => total + (end - start), 0);
}

/** Share of the duration watched, 0..1. */
export function coverage(spans: readonly Span[], duration: number): number {
  if (duration <= 0) return 0;
  return Math.min(1, coveredSeconds(spans) / duration);
}

export function isComplete(spans: readonly Span[], duration: number): boolean {
  return coverage(spans, duration) >= VIDEO_COMPLETE_COVERAGE;
}

/** Where the player starts: the saved position, or the beginning when there is none or it is at the very end. */
export function resumeAt(position: number, duration: number): number {
  if (!(position > 0) || position >= duration - VIDEO_RESUME_END_MARGIN_SECONDS) return 0;
  return Math.floor(position * 10) / 10;
}
