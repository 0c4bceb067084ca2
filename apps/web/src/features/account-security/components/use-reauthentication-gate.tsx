import { useCallback, useState } from 'react';
import { needsReauthentication } from '../api/account-security-api';
import { ReauthenticateDialog } from './reauthenticate-dialog';

/**
 * Runs an action that may need a recent re-authentication: when the server answers 403 reauthentication_required,
 * the dialog asks for the password (or a code) and, once confirmed, the same action runs again. Any other failure is
 * the action's own to handle (it rethrows only the re-authentication answer).
 */
export function useReauthenticationGate(twoFactorEnabled: boolean) {
  const [pending, setPending] = useState<(() => Promise<void>) | null>(null);

  const guard = useCallback(async (action: () => Promise<void>): Promise<void> => {
    try {
      await action();
    } catch (error) {
      if (needsReauthentication(error)) setPending(() => action);
      else throw error;
    }
  }, []);

  const dialog = (
    <ReauthenticateDialog
      opened={pending !== null}
      twoFactorEnabled={twoFactorEnabled}
      onCancel={() => setPending(null)}
      onConfirmed={() => {
        const action = pending;
        setPending(null);
        if (action) void guard(action);
      }}
    />
  );
  return { guard, dialog };
}
