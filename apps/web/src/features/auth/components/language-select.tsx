import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { LOCALES, type Locale } from '@portal/contracts/preferences';
import { LANGUAGE_NAMES, useText } from '../../../i18n/i18n';
import { useLanguageChoice } from '../../../stores/preferences';

/**
 * The language choice of the public pages (sign-in, registration, password pages): a native select, each language
 * named in itself. Native rather than the account menu's Menu: a Menu brings Mantine's Popover and Floating UI onto
 * the sign-in page (about 24 KB of compressed JavaScript, a budget of 200 KB in all: issue #13), and a select is the
 * control phones and screen readers know best.
 */
export function LanguageSelect() {
  const t = useText('shared');
  const { locale, choose } = useLanguageChoice();
  return (
    <NativeSelect
      aria-label={t('languageLabel')}
      size="xs"
      w={130}
      leftSection={<IconLanguage size={16} aria-hidden />}
      value={locale}
      onChange={(event) => void choose(event.currentTarget.value as Locale)}
    >
      {LOCALES.map((option) => (
        <option key={option} value={option} lang={option}>
          {LANGUAGE_NAMES[option]}
        </option>
      ))}
    </NativeSelect>
  );
}
