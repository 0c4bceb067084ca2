import { useMemo, type ReactNode } from 'react';
import { DirectionProvider, getDefaultZIndex, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NOTIFICATION_DURATION_MS } from '@portal/contracts/constants';
import { isRightToLeft, useLocale, useText } from '../i18n/i18n';
import { isHttpError } from '../lib/http';
import classes from './providers.module.css';
import { createPortalTheme, cssVariablesResolver } from './theme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A 4xx answer (401, 403, 404, 422) will not change on a retry; a network error or a 5xx might.
      queries: {
        retry: (failureCount, error) => failureCount < 1 && !(isHttpError(error) && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

/**
 * Everything a page needs around it: direction, theme, dates, toasts and the query cache. The direction and the
 * calendars follow the language (i18n/i18n.ts sets `<html dir>`, which DirectionProvider watches).
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const locale = useLocale();
  const rtl = isRightToLeft(locale);
  const t = useText('shared');
  // The theme names Mantine's icon buttons (a toast's close, the calendars' arrows): in the reader's language.
  const theme = useMemo(
    () =>
      createPortalTheme({
        closeNotification: t('shell.closeNotification'),
        previousMonth: t('dateRange.previousMonth'),
        nextMonth: t('dateRange.nextMonth'),
        previousYear: t('dateRange.previousYear'),
        nextYear: t('dateRange.nextYear'),
        previousDecade: t('dateRange.previousDecade'),
        nextDecade: t('dateRange.nextDecade'),
      }),
    [t],
  );
  return (
    <DirectionProvider initialDirection={rtl ? 'rtl' : 'ltr'}>
    {/* 'auto': the system's light or dark until the user picks one in the account menu (issue #13). */}
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <DatesProvider settings={{ firstDayOfWeek: 1, locale }}>
        {/* Below the header, and under what the user opens (menus, selects: popover level), still over modals. */}
        <Notifications
          position={rtl ? 'top-left' : 'top-right'}
          autoClose={NOTIFICATION_DURATION_MS}
          zIndex={getDefaultZIndex('popover') - 1}
          classNames={{ root: classes.notifications }}
        />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
    </DirectionProvider>
  );
}
