import { describe, expect, it } from 'vitest';
import { LOCALES } from '@portal/contracts/preferences';
import { approvalMail, loginLinkMail, MAIL_TEXTS, passwordResetMail, rejectionMail } from './mails.ts';

const LINK = 'http://portal.test/reset-password?token=abc&email=ada%40example.test';

function everyMail(locale: (typeof LOCALES)[number]) {
  return [
    passwordResetMail({ to: 'ada@example.test', firstName: 'Ada', link: LINK, locale }),
    approvalMail({ to: 'ada@example.test', firstName: 'Ada', link: LINK, loginUrl: 'http://portal.test/login', locale }),
    loginLinkMail({ to: 'ada@example.test', firstName: 'Ada', link: LINK, locale }),
    rejectionMail({ to: 'ada@example.test', firstName: 'Ada', locale }),
  ];
}

/** Every text of a language's catalogue, functions called with sample values. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [String((value as (...args: unknown[]) => unknown)('Ada', 'http://portal.test/login'))];
  return Object.values(value as Record<string, unknown>).flatMap(textsOf);
}

describe('the auth e-mails', () => {
  it('have every text in every language, none blank', () => {
    const english = textsOf(MAIL_TEXTS.en);
    for (const locale of LOCALES) {
      const texts = textsOf(MAIL_TEXTS[locale]);
      expect(texts).toHaveLength(english.length);
      for (const text of texts) expect(text.trim()).not.toBe('');
    }
  });

  it('are written in Arabic, right to left, for an Arabic reader, with the link and the name kept', () => {
    for (const mail of everyMail('ar')) {
      expect(mail.subject).toMatch(/[\u0600-\u06FF]/);
      expect(mail.text).toMatch(/[\u0600-\u06FF]/);
      expect(mail.text.replaceAll(LINK, '')).not.toMatch(/\b(Hello|link|password)\b/i);
      expect(mail.text).toContain('Ada');
      expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    }
    expect(everyMail('ar')[0]!.text).toContain(LINK);
  });

  it('keep their English wording', () => {
    const [reset, approval, loginLink, rejection] = everyMail('en');
    expect(reset!.subject).toBe('Reset your partner portal password');
    expect(reset!.text).toBe(
      `Hello Ada, we received a request to reset the password of your partner portal account.\n\nChoose a new password here:\n${LINK}\n\n` +
        'The link works once and expires in 60 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.\n',
    );
    expect(reset!.html).toContain('<html lang="en" dir="ltr">');
    expect(approval!.subject).toBe('Your partner portal account is approved');
    expect(loginLink!.subject).toBe('Your partner portal sign-in link');
    expect(rejection!.text).toMatch(/^Hello Ada, thank you for your interest in our partner programme\./);
  });
});
