import { useCallback, useState } from 'react';
import { needsReauthentication } from './reauthentication-api';
import { ReauthenticateDialog } from './reauthenticate-dialog';

/**
 * Runs an action that may need a recent re-authentication: when the server answers 403 reauthentication_required,
 * the dialog asks for the password (or a code) and, once confirmed, the same action runs again. Any other failure is
 * the action's own to handle (it rethrows only the re-authentication answer). `text` says in the area's words why the
 * dialog asks; render `dialog` once in the component.
 */
export function useReauthenticationGate(twoFactorEnabled: boolean, text?: string) {
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
      text={text}
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
