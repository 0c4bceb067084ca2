// The operations console's entry (console.html, served at /console/*): its own bundle, so a partner's browser never
// downloads it. The same global styles, providers, theme, languages and HTTP client as the portal.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { CONSOLE_BASE_PATH, CONSOLE_CSRF_COOKIE, CONSOLE_CSRF_COOKIE_URL } from '@portal/contracts/console-session';
import { AppProviders, createQueryClient } from '../app/providers';
import { startI18n } from '../i18n/i18n';
import { configureCsrf } from '../lib/http';
import { consoleRoutes } from './console-routes';

// The console's session has its own anti-forgery cookie (the partner's XSRF-TOKEN belongs to another session).
configureCsrf({ cookieName: CONSOLE_CSRF_COOKIE, cookieUrl: CONSOLE_CSRF_COOKIE_URL });

const queryClient = createQueryClient();
const router = createBrowserRouter(consoleRoutes, { basename: CONSOLE_BASE_PATH });

const container = document.getElementById('root');
if (!container) throw new Error('console.html has no #root element');

void startI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
