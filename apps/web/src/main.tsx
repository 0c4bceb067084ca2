// Mantine's global styles (reset, CSS variables, global classes), in its `mantine` layer; each component's own CSS
// comes with the component, in the chunk that uses it (vite.config.ts, mantineCssPerComponent).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { startI18n } from './i18n/i18n';
import { onAuthEvent } from './stores/auth-store';

const queryClient = createQueryClient();
const router = createAppRouter();

// Nothing one user saw may be served to the next one from the cache.
onAuthEvent((event) => {
  if (event.type === 'signed-out') queryClient.clear();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render is in the reader's language: a chosen Arabic is loaded first (English is in the bundle).
void startI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
