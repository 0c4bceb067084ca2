import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { LOCALES } from '@portal/contracts/preferences';
import { LANGUAGE_NAMES, useText } from '../../i18n/i18n';
import { useLanguageChoice } from './use-preferences';
import { asMenuItemRadio } from '../menu-item-radio/menu-item-radio';

/**
 * The language menu of the public pages (sign-in, registration, password pages): the current language's name, and
 * every language in its own name. The account menu offers the same choice to a signed-in user.
 */
export function LanguageSwitcher() {
  const t = useText('shared');
  const { locale, choose } = useLanguageChoice();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`${t('languageLabel')}: ${LANGUAGE_NAMES[locale]}`}
        >
          {LANGUAGE_NAMES[locale]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('chooseLanguage')}</Menu.Label>
        {LOCALES.map((option) => (
          <Menu.Item
            key={option}
            role="menuitemradio"
            ref={asMenuItemRadio}
            aria-checked={option === locale}
            lang={option}
            rightSection={option === locale ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => void choose(option)}
          >
            {LANGUAGE_NAMES[option]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
