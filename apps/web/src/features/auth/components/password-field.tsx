import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** A password input whose show/hide button is reachable by keyboard and named for screen readers. */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
      {...props}
    />
  );
}
