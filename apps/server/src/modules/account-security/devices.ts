import UAParser from 'ua-parser-js';
import type { Device } from '@portal/contracts/account-security';

/**
 * The device a session or a security event came from, as its user agent names it: ua-parser-js 1.x (MIT, kept up
 * with new browsers; its 2.x line is AGPL, which this portal cannot ship). Names are the parser's proper nouns
 * ('Chrome 131', 'Windows 10'); the SPA words the type.
 */
export function describeDevice(userAgent: string | null): Device {
  if (!userAgent) return { type: 'other', browser: null, os: null };
  const parsed = UAParser(userAgent);
  const join = (name?: string, version?: string) => (name ? (version ? `${name} ${version}` : name) : null);
  const type = parsed.device.type === 'mobile' ? 'mobile' : parsed.device.type === 'tablet' ? 'tablet' : parsed.device.type ? 'other' : parsed.os.name || parsed.browser.name ? 'desktop' : 'other';
  return { type, browser: join(parsed.browser.name, parsed.browser.major), os: join(parsed.os.name, parsed.os.version) };
}
