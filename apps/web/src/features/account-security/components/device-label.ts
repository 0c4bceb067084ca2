import type { Device } from '@portal/contracts/account-security';
import type { TranslateFn } from '../../../i18n/catalogue-types';
import type { accountSecurityEn } from '../account-security-messages';

const TYPE_KEYS = { desktop: 'deviceDesktop', mobile: 'deviceMobile', tablet: 'deviceTablet', other: 'deviceOther' } as const;

/** 'Chrome 131 on Windows 10', else the kind of device ('Phone'), else 'Unknown device'. */
export function deviceLabel(device: Device | null, t: TranslateFn<typeof accountSecurityEn>): string {
  if (!device) return t('unknownDevice');
  if (device.browser && device.os) return t('deviceOn', { browser: device.browser, os: device.os });
  return device.browser ?? device.os ?? (device.type === 'other' ? t('unknownDevice') : t(TYPE_KEYS[device.type]));
}
