import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PageAnnouncer } from '../app/page-announcer';
import { useText } from '../i18n/i18n';
import { onUnauthorized } from '../lib/http';
import { signedOut } from './session/operator-session';
// Declares the console's catalogue with the routes, before any console page renders.
import './console-messages';

/**
 * The root of every console route: a 401 from any console call means the session ended (expired, signed out
 * elsewhere, the operator disabled), so the operator is forgotten and the guard sends the page to sign-in. Page
 * titles and changes are announced as in the portal.
 */
export function ConsoleRoot() {
  const queryClient = useQueryClient();
  const t = useText('console');
  useEffect(() => onUnauthorized(() => signedOut(queryClient)), [queryClient]);
  return (
    <>
      <PageAnnouncer product={t('productName')} />
      <Outlet />
    </>
  );
}
