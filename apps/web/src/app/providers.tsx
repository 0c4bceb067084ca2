import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isRightToLeft, useLocale, useText } from '../i18n/i18n';
import { isHttpError } from '../lib/http';
import { createPortalTheme, cssVariablesResolver } from './theme';

const Toasts = lazy(() => import('./toasts'));

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
        <Suspense fallback={null}>
          <Toasts rtl={rtl} />
        </Suspense>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
    </DirectionProvider>
  );
}
