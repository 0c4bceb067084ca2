import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import classes from './theme.module.css';

/**
 * The brand teal, with its two darkest shades darkened so that what Mantine draws from them passes WCAG AA
 * (issue #13, ux-audit H1). Mantine's teal 6 (#12b886) under white text was 2.55:1.
 * - 8 (#087f5b, Mantine's 9) is the primary shade in both schemes: white on it 5.0:1 (buttons, the active page,
 *   badges), as text on white 5.0:1 and on the gray-0 page background 4.75:1 (links).
 * - 9 (#066649) is what Mantine draws the hover of a filled button with, and the text of "light" variants on
 *   teal-1 (6.0:1; Mantine's 9 was 4.3:1).
 * Shades 0–7 are Mantine's, so light backgrounds and the dark scheme's teal text (teal-4, 8.6:1) keep their look.
 */
const teal: MantineColorsTuple = [...DEFAULT_THEME.colors.teal.slice(0, 8), '#087f5b', '#066649'] as unknown as MantineColorsTuple;

/**
 * Orange, the colour of "action needed" (an agreement to sign, a demotion notice), darkened the same way: Mantine's
 * 8 (#e8590c) carried white at 3.6:1 and its 9 (#d9480f) as light-variant text on orange-1 3.6:1; #c2410c carries
 * white at 5.2:1 and #9a3412 reads at 7.0:1 on orange-1.
 */
const orange: MantineColorsTuple = [...DEFAULT_THEME.colors.orange.slice(0, 8), '#c2410c', '#9a3412'] as unknown as MantineColorsTuple;

/** The texts the theme gives Mantine's components (names of icon buttons), in the reader's language. */
export interface ThemeLabels {
  closeNotification: string;
  previousMonth: string;
  nextMonth: string;
  previousYear: string;
  nextYear: string;
  previousDecade: string;
  nextDecade: string;
}

/** The portal's theme; providers.tsx builds it again when the language changes (the labels). */
export function createPortalTheme(labels: ThemeLabels) {
  return createTheme({
    primaryColor: 'teal',
    // One shade for both schemes: a filled button's text colour is chosen once (white), not per scheme, so the
    // filled shade must carry white text in dark too. Also applies to every colour's filled variant: red-8 (4.5:1
    // under white, the bell's badge) and blue-8 (5.0:1).
    primaryShade: { light: 8, dark: 8 },
    colors: { teal, orange },
    defaultRadius: 'md',
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
    // A 2 px outline of at least 3:1 on every control the keyboard reaches (theme.module.css).
    focusClassName: classes.focusRing,
    components: {
      // Text fields showed focus only as a 1 px border colour change: they get the same outline.
      // Plain objects, not Input.extend(…): importing a component into the theme puts its code (and CSS) on every page,
      // the sign-in page included (Menu, Select, Combobox, ScrollArea: ~9 KB compressed; issue #13's weight budget).
      Input: { classNames: { input: classes.input } },
      // Links are underlined: in dark, teal-4 links in grey text differ by colour alone (1.1:1, axe
      // link-in-text-block); an underline does not depend on seeing colour, in either scheme.
      Anchor: { defaultProps: { underline: 'always' } },
      // A status badge in a table column squeezed by its neighbours was cut to "R…" (its label may shrink to nothing):
      // a badge is never narrower than its text; the table scrolls sideways instead.
      Badge: { classNames: { root: classes.badge } },
      // Every toast's close button had no name (axe button-name, after every sign-in). The message under a title
      // was gray-6 / dark-2 (3.3:1 / 3.5:1): the dimmed colour instead.
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': labels.closeNotification } },
        classNames: { description: classes.notificationDescription },
      },
      // The calendars' previous/next buttons had no name (axe button-name). Every date picker renders a Calendar.
      Calendar: {
        defaultProps: {
          ariaLabels: {
            previousMonth: labels.previousMonth,
            nextMonth: labels.nextMonth,
            previousYear: labels.previousYear,
            nextYear: labels.nextYear,
            previousDecade: labels.previousDecade,
            nextDecade: labels.nextDecade,
          },
        },
      },
      // Mantine puts a role="presentation" div with tabindex first in every menu, to receive focus on open: a
      // menu may only hold items (axe aria-required-children). Without it the first item takes focus, as the
      // WAI-ARIA menu pattern has it.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // The option list scrolled inside a ScrollArea div that the keyboard cannot reach (axe
      // scrollable-region-focusable). The listbox itself scrolls instead: it is the combobox's popup, which the
      // arrow keys move through from the input (aria-activedescendant).
      Select: { defaultProps: { withScrollArea: false }, classNames: { options: classes.options } },
    },
  });
}


/**
 * Colours Mantine derives for text, per scheme, raised to 4.5:1 against every background they sit on:
 * - dimmed text: gray-6 was 3.3:1 on white and 2.7:1 on an unread notification; gray-7 is 8.2:1 on white, 7.4:1 on
 *   blue-1. In dark,
 *   dark-2 was 4.0:1; dark-1 is 5.6:1 even on dark-5 (a hovered row).
 * - placeholders take the dimmed colour (gray-5 was 2.1:1; "Type to search here ..." says what the field does).
 * - error text: red-6 was 3.3:1; red-9 is 5.5:1 on white. In dark, red-8 was 3.4:1 on dark-7; red-4 is 6.7:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Links: teal-8 was 4.05:1 on an unread notification's blue-1; teal-9 is 5.7:1 there and 7.0:1 on white.
    '--mantine-color-anchor': 'var(--mantine-color-teal-9)',
    '--portal-focus-ring': 'var(--mantine-color-teal-8)',
    '--portal-page-background': 'var(--mantine-color-gray-0)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    // teal-8 on the dark body is only 3.1:1, and less on dark-6 fields; teal-4 is 7.5:1 or more.
    '--portal-focus-ring': 'var(--mantine-color-teal-4)',
    '--portal-page-background': 'var(--mantine-color-dark-8)',
  },
});
