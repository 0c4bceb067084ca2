import { useEffect, useState } from 'react';
import classes from './scroll-region.module.css';

/**
 * Props for the table's horizontal scroller: while its content is wider than it (a phone, a narrow window), it is
 * a named region the keyboard can reach and scroll with the arrow keys (axe scrollable-region-focusable, WCAG
 * 2.1.1). While everything fits it stays out of the tab order, where it would be a stop that does nothing.
 */
export function useScrollRegion(label: string) {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const [overflowing, setOverflowing] = useState(false);

  useEffect(() => {
    if (!node) return;
    // Without ResizeObserver (old browsers) it cannot tell: reachable is the safe side.
    if (typeof ResizeObserver === 'undefined') {
      setOverflowing(true);
      return;
    }
    const check = () => setOverflowing(node.scrollWidth > node.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(node);
    // The content's width changes with the rows shown, not only the scroller's.
    if (node.firstElementChild) observer.observe(node.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [node]);

  return overflowing
    ? { ref: setNode, className: classes.region, tabIndex: 0, role: 'region' as const, 'aria-label': label }
    : { ref: setNode, className: classes.region };
}
