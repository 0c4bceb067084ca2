import { em, getBreakpointValue, useMantineTheme, type MantineBreakpoint } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * True on a screen narrower than the theme's `breakpoint` (sm: 48em): where the data table shows cards and the
 * app shell's sidebar becomes a drawer (Mantine's own `hiddenFrom` uses the same 0.1 px short of the breakpoint). Read at the first
 * render, so a phone never renders the wide layout first. `screen` only: on paper the wide layout is the one to
 * keep (a table fits a page, a card per row wastes it).
 */
export function useNarrowLayout(breakpoint: MantineBreakpoint = 'sm'): boolean {
  const theme = useMantineTheme();
  const width = getBreakpointValue(breakpoint, theme.breakpoints);
  return useMediaQuery(`screen and (max-width: ${em(width - 0.1)})`, undefined, { getInitialValueInEffect: false });
}
