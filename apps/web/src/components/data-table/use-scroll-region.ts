import { useLayoutEffect, useRef, useState } from 'react';
import classes from './scroll-region.module.css';

/** Which sides of a sideways scroller hide content: the frame draws a shadow on each (ScrollRegionFrame). */
export interface ScrollEdges {
  /** Content is hidden past the inline start (scrolled away from the start). */
  start: boolean;
  /** Content is hidden past the inline end. */
  end: boolean;
}

export interface ScrollRegion {
  /** Spread on the scroller (Table.ScrollContainer type="native"). */
  props: {
    ref: (node: HTMLDivElement | null) => void;
    className?: string;
    tabIndex?: number;
    role?: 'region';
    'aria-label'?: string;
    'aria-labelledby'?: string;
  };
  edges: ScrollEdges;
  /** The table would overflow with every column: its lower-priority columns fold into each row's details. */
  folded: boolean;
}

const NO_EDGES: ScrollEdges = { start: false, end: false };

/**
 * State of a table's horizontal scroller. While its content is wider than it (a phone, a narrow window), it is a
 * named region the keyboard can reach and scroll with the arrow keys (axe scrollable-region-focusable, WCAG 2.1.1),
 * and `edges` says on which side content is hidden, for the shadows that show it scrolls. While everything fits
 * it stays out of the tab order, where it would be a stop that does nothing.
 *
 * The region is named `label`, or by the element `labelledBy` points at (a section's heading) when given.
 *
 * `foldable`: the table has lower-priority columns. The first time the content is wider than the scroller,
 * `folded` turns on (the table drops those columns into each row's details) and the width it needed is kept; it
 * turns off again only once the scroller is at least that wide, so a width in between does not flip back and forth.
 */
export function useScrollRegion(label: string, { foldable = false, labelledBy }: { foldable?: boolean; labelledBy?: string } = {}): ScrollRegion {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const [edges, setEdges] = useState<ScrollEdges>(NO_EDGES);
  const [overflowing, setOverflowing] = useState(false);
  const [folded, setFolded] = useState(false);
  const foldedRef = useRef(false);
  const widthNeeded = useRef(0);

  // A layout effect: the fold happens before the browser paints the overflowing table.
  useLayoutEffect(() => {
    if (!node) return;
    if (!foldable && foldedRef.current) {
      foldedRef.current = false;
      setFolded(false);
    }
    // Without ResizeObserver (old browsers) it cannot tell: reachable, with a shadow at the end, is the safe side.
    if (typeof ResizeObserver === 'undefined') {
      setOverflowing(true);
      setEdges({ start: false, end: true });
      return;
    }
    const measure = () => {
      const hidden = node.scrollWidth - node.clientWidth;
      if (foldable && !foldedRef.current && hidden > 1) {
        widthNeeded.current = node.scrollWidth;
        foldedRef.current = true;
        setFolded(true);
        return; // The folded table resizes, which measures again.
      }
      if (foldable && foldedRef.current && node.clientWidth >= widthNeeded.current) {
        foldedRef.current = false;
        setFolded(false);
        return;
      }
      // scrollLeft runs negative in right-to-left pages: the distance from the start is its size either way.
      const scrolled = Math.abs(node.scrollLeft);
      const next = hidden > 1 ? { start: scrolled > 1, end: scrolled < hidden - 1 } : NO_EDGES;
      setOverflowing(hidden > 1);
      setEdges((previous) => (previous.start === next.start && previous.end === next.end ? previous : next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    // The content's width changes with the rows shown, not only the scroller's: watch the table itself (the
    // container's inner block keeps the scroller's width while the table overflows it).
    for (const child of Array.from(node.firstElementChild?.children ?? [])) observer.observe(child);
    node.addEventListener('scroll', measure, { passive: true });
    measure();
    return () => {
      observer.disconnect();
      node.removeEventListener('scroll', measure);
    };
  }, [node, foldable]);

  const props = overflowing
    ? { ref: setNode, className: classes.region, tabIndex: 0, role: 'region' as const, ...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label }) }
    : { ref: setNode, className: classes.region };
  return { props, edges, folded: foldable && folded };
}
