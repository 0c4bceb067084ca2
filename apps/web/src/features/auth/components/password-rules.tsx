import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PASSWORD_RULES } from '@portal/contracts/auth';
import { PASSWORD_MIN_LENGTH } from '@portal/contracts/constants';
import { useText } from '../../../i18n/i18n';

export interface PasswordRulesProps {
  value: string;
  id?: string;
}

/** The strength rules of the contract, ticked off as the user types; placed right after the password input. */
export function PasswordRules({ value, id }: PasswordRulesProps) {
  const t = useText('auth');
  return (
    <div id={id}>
      <Text size="sm" fw={500} mb={4}>
        {t('rules.heading')}
      </Text>
      <List spacing={4} size="sm" center aria-label={t('rules.listLabel')}>
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(value);
          return (
            <List.Item
              key={rule.id}
              data-met={met}
              c={met ? 'teal' : 'dimmed'}
              icon={
                <ThemeIcon color={met ? 'teal' : 'gray'} variant={met ? 'filled' : 'light'} size={18} radius="xl">
                  {met ? <IconCheck size={12} aria-hidden="true" /> : <IconX size={12} aria-hidden="true" />}
                </ThemeIcon>
              }
            >
              {t(`rules.${rule.id}`, { min: PASSWORD_MIN_LENGTH })}
              <VisuallyHidden>{met ? t('rules.done') : t('rules.notYet')}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
