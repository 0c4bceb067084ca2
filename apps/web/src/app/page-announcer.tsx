import { useEffect, useRef, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import { VisuallyHidden } from '@mantine/core';
import { useAnyText, useText } from '../i18n/i18n';
import { routeHandle } from '../lib/area-routes';

/** How long a page may take to show its heading (a lazy chunk, then its data) before focus is left where it is. */
const HEADING_WAIT_MS = 10_000;

/** The title of the deepest matched route that names its page, in the reader's language; null when none does. */
export function usePageTitle(): string | null {
  const matches = useMatches();
  const text = useAnyText();
  const handle = matches
    .map((match) => routeHandle(match.handle))
    .filter((found) => found !== null)
    .at(-1);
  return handle ? text(handle.namespace ?? 'shared', handle.title) : null;
}

/** "Bookings · Partner Portal", or the product's name alone for a route without a title. */
export function documentTitle(title: string | null, product: string): string {
  return title ? `${title} · ${product}` : product;
}

/**
 * Moves focus to the page's heading (its first h1) once it is shown, so a keyboard or screen-reader user starts
 * reading the new page at its top instead of on the link they followed or on <body>. The page may render its
 * heading late (a lazy chunk, then its data): this waits for it. Focus is left alone when it moved meanwhile
 * (the page focused a field itself, or the user went on). Returns the cancel.
 */
export function focusHeadingWhenShown(root: Document = document, timeoutMs = HEADING_WAIT_MS): () => void {
  const origin = root.activeElement;
  const untouched = () => root.activeElement === origin || root.activeElement === null || root.activeElement === root.body;
  const attempt = (): boolean => {
    const heading = root.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    if (untouched()) {
      // Headings are not focusable by default; -1 makes them so without adding a stop to the Tab order.
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
    return true;
  };
  if (attempt()) return () => {};

  const observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(root.body, { childList: true, subtree: true });
  return stop;
}

/**
 * The app shell's side of a page change (issue #13, WCAG 2.4.2 and 2.4.3): the document title names the page,
 * focus moves to the new page's heading, and the page's name is announced politely. The first page of a visit is
 * left as the browser opens it (the skip link is the first Tab stop). A change of the query string alone (a list's
 * filters, its page) is the list's to announce, not this.
 */
export function PageAnnouncer({ product: productName }: { product?: string } = {}) {
  const { pathname } = useLocation();
  const title = usePageTitle();
  const shared = useText('shared');
  // The operations console names itself (console/console-root.tsx); the partner app is the product.
  const product = productName ?? shared('productName');
  const [announcement, setAnnouncement] = useState('');
  const shownPath = useRef<string | null>(null);
  const latestTitle = useRef(title);
  latestTitle.current = title;

  const fullTitle = documentTitle(title, product);
  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);

  useEffect(() => {
    if (shownPath.current === null || shownPath.current === pathname) {
      shownPath.current = pathname;
      return;
    }
    shownPath.current = pathname;
    // Emptied first, so that two pages of the same name one after the other are both announced.
    setAnnouncement('');
    const announce = setTimeout(() => setAnnouncement(latestTitle.current ?? ''), 100);
    const cancelFocus = focusHeadingWhenShown();
    return () => {
      clearTimeout(announce);
      cancelFocus();
    };
  }, [pathname]);

  return (
    <VisuallyHidden role="status" aria-atomic="true">
      {announcement}
    </VisuallyHidden>
  );
}
