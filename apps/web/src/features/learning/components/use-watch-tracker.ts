import { useEffect, useRef } from 'react';
import { VIDEO_PROGRESS_INTERVAL_MS } from '@portal/contracts/learning';
import { beaconProgress, reportProgress } from '../api/learning-api';

/** A jump of more than this many seconds between two time updates is a seek: the watched span ends there. */
const SEEK_GAP_SECONDS = 2;

/**
 * Follows what the partner actually watches and reports it (issue 38): spans of played time, sent every ~15 s while
 * playing, on pause and at the end, and with navigator.sendBeacon when the page is hidden or left. Seeking ends a
 * span, so skipping ahead never counts as watching; the server merges the spans and decides completion.
 */
export function useWatchTracker(element: HTMLVideoElement | null, videoId: number) {
  const spans = useRef<[number, number][]>([]);
  const spanStart = useRef<number | null>(null);
  const lastTime = useRef(0);

  useEffect(() => {
    if (!element) return;
    const video = element;
    const closeSpan = () => {
      if (spanStart.current !== null && lastTime.current > spanStart.current) spans.current.push([spanStart.current, lastTime.current]);
      spanStart.current = video.paused ? null : lastTime.current;
    };
    const take = () => {
      closeSpan();
      const ranges = spans.current;
      spans.current = [];
      return ranges.length > 0 ? { ranges, position: video.currentTime } : null;
    };
    const flush = () => {
      const report = take();
      if (report) void reportProgress(videoId, report).catch(() => {
        // Kept for the next report: the server's merge makes sending a span twice harmless.
        spans.current.unshift(...report.ranges);
      });
    };
    const beacon = () => {
      const report = take();
      if (report && !beaconProgress(videoId, report)) void reportProgress(videoId, report).catch(() => undefined);
    };
    const onTime = () => {
      const now = video.currentTime;
      if (video.paused || video.seeking) return;
      if (spanStart.current === null || Math.abs(now - lastTime.current) > SEEK_GAP_SECONDS) {
        if (spanStart.current !== null && lastTime.current > spanStart.current) spans.current.push([spanStart.current, lastTime.current]);
        spanStart.current = now;
      }
      lastTime.current = now;
    };
    const onPlay = () => {
      lastTime.current = video.currentTime;
      spanStart.current = video.currentTime;
    };
    const onSeeking = () => {
      if (spanStart.current !== null && lastTime.current > spanStart.current) spans.current.push([spanStart.current, lastTime.current]);
      spanStart.current = null;
    };
    const onSeeked = () => {
      lastTime.current = video.currentTime;
      if (!video.paused) spanStart.current = video.currentTime;
    };
    const onPause = () => {
      lastTime.current = Math.max(lastTime.current, video.currentTime);
      flush();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') beacon();
    };
    const timer = window.setInterval(() => {
      if (!video.paused) flush();
    }, VIDEO_PROGRESS_INTERVAL_MS);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('play', onPlay);
    video.addEventListener('seeking', onSeeking);
    video.addEventListener('seeked', onSeeked);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onPause);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', beacon);
    return () => {
      window.clearInterval(timer);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('seeking', onSeeking);
      video.removeEventListener('seeked', onSeeked);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onPause);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', beacon);
      // Leaving the page inside the app: what was watched since the last report is sent on the way out.
      beacon();
    };
  }, [element, videoId]);
}
