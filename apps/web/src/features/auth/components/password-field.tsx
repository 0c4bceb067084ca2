import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useText } from '../../../i18n/i18n';

/**
 * A password input whose show/hide button is reachable by keyboard and named for screen readers, and whose input
 * says it is invalid (Mantine's PasswordInput marks it with data-invalid only).
 */
export function PasswordField(props: PasswordInputProps) {
  const t = useText('auth');
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
