import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert, Button, Center, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Operator } from '@portal/contracts/console-session';
import { operatorCan, type OperatorPermission } from '@portal/contracts/operator-permissions';
import { LoadingOverlay } from '../../components/loading-overlay/loading-overlay';
import { useText } from '../../i18n/i18n';
import { errorMessage } from '../../lib/http';
import { CONSOLE_PATHS } from '../console-paths';
import { ForbiddenPage } from '../pages/forbidden-page';
import { operatorQuery } from './operator-session';

/** Where the sign-in page sends the operator back to. */
export interface SignInState {
  from?: string;
}

/**
 * The console's guard: the pages below it need a signed-in operator (GET /api/console/me). Nobody signed in, or a
 * session that ended (any 401 clears the operator: console-root.tsx), goes to the sign-in page, which comes back here.
 */
export function RequireOperator() {
  const shared = useText('shared');
  const operator = useQuery(operatorQuery);
  const location = useLocation();
  if (operator.isPending) return <LoadingOverlay />;
  if (operator.isError) {
    return (
      <Center mih="60dvh" p="md">
        <Stack maw={420}>
          <Alert color="red" role="alert" title={shared('errors.somethingWentWrong')}>
            {errorMessage(operator.error)}
          </Alert>
          <Button onClick={() => void operator.refetch()}>{shared('errors.retry')}</Button>
        </Stack>
      </Center>
    );
  }
  if (!operator.data) {
    const state: SignInState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={CONSOLE_PATHS.login} replace state={state} />;
  }
  return <Outlet />;
}

/** The signed-in operator, below RequireOperator. */
export function useOperator(): Operator {
  const { data } = useQuery(operatorQuery);
  if (!data) throw new Error('useOperator is used outside RequireOperator.');
  return data;
}

/**
 * A page for the operators whose role holds `permission` (the contracts' role map, which the server enforces too);
 * the others get a page that says so, instead of a page of 403s.
 */
export function RequirePermission({ permission, children }: { permission: OperatorPermission; children: ReactNode }) {
  const operator = useOperator();
  return operatorCan(operator.role, permission) ? children : <ForbiddenPage />;
}
