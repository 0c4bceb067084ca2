import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password input whose show/hide button is reachable by keyboard and named for screen readers, and whose input
 * says it is invalid (Mantine's PasswordInput marks it with data-invalid only).
 */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
