import type { ReactNode } from 'react';
import { Table } from '@mantine/core';
import classes from './scroll-region.module.css';
import { useScrollRegion, type ScrollRegion } from './use-scroll-region';

/** The pinned-column class (scroll-region.module.css): a cell that stays at the row's end while the table scrolls. */
export const PINNED_CELL_CLASS = classes.pinned;

export interface ScrollRegionFrameProps {
  /** From useScrollRegion. */
  region: ScrollRegion;
  /** Width below which the table scrolls sideways. */
  minWidth: number;
  /** The table's last column is pinned (PINNED_CELL_CLASS): its start edge carries the end shadow. */
  pinnedEnd?: boolean;
  children: ReactNode;
}

/** A native sideways scroller with a shadow over each edge that hides columns. */
export function ScrollRegionFrame({ region, minWidth, pinnedEnd = false, children }: ScrollRegionFrameProps) {
  return (
    <div
      className={classes.frame}
      data-scroll-frame
      data-hidden-start={region.edges.start || undefined}
      data-hidden-end={region.edges.end || undefined}
      data-pinned-end={pinnedEnd || undefined}
    >
      <Table.ScrollContainer minWidth={minWidth} type="native" {...region.props}>
        {children}
      </Table.ScrollContainer>
    </div>
  );
}

/**
 * The scroller for a table built by hand (not DataTable): native scrolling that a keyboard can reach while it
 * overflows, named after the table, with the edge shadows. Use instead of Table.ScrollContainer.
 */
export function TableScroller({ label = '', labelledBy, minWidth, children }: { label?: string; labelledBy?: string; minWidth: number; children: ReactNode }) {
  const region = useScrollRegion(label, { labelledBy });
  return (
    <ScrollRegionFrame region={region} minWidth={minWidth}>
      {children}
    </ScrollRegionFrame>
  );
}
