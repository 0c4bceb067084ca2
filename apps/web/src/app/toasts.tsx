import { getDefaultZIndex } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_DURATION_MS } from '@portal/contracts/constants';
import classes from './providers.module.css';

/**
 * Where toasts show, in a chunk of its own (providers.tsx loads it after the first render): the container and its
 * transitions are about 10 KB of compressed JavaScript that no page needs before it shows (docs/decisions.md, "Web
 * weight"). A toast asked for before it is in waits in Mantine's store and shows when it mounts.
 */
export default function Toasts({ rtl }: { rtl: boolean }) {
  return (
    // Below the header, and under what the user opens (menus, selects: popover level), still over modals.
    <Notifications
      position={rtl ? 'top-left' : 'top-right'}
      autoClose={NOTIFICATION_DURATION_MS}
      zIndex={getDefaultZIndex('popover') - 1}
      classNames={{ root: classes.notifications }}
    />
  );
}
