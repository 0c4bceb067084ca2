import type { ReactNode } from 'react';
import { getDefaultZIndex, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NOTIFICATION_DURATION_MS } from '@portal/contracts/constants';
import { isHttpError } from '../lib/http';
import classes from './providers.module.css';
import { theme } from './theme';

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

/** Everything a page needs around it: theme, dates, toasts and the query cache. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme}>
      <DatesProvider settings={{ firstDayOfWeek: 1 }}>
        {/* Below the header, and under what the user opens (menus, selects: popover level), still over modals. */}
        <Notifications
          position="top-right"
          autoClose={NOTIFICATION_DURATION_MS}
          zIndex={getDefaultZIndex('popover') - 1}
          classNames={{ root: classes.notifications }}
        />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
