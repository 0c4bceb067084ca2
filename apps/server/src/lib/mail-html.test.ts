import { describe, expect, it } from 'vitest';
import { paragraphsMail } from './mail-html.ts';

describe("the e-mails' HTML", () => {
  it('reads right to left in Arabic and left to right in English', () => {
    expect(paragraphsMail('ar', ['مرحبًا'])).toContain('<html lang="ar" dir="rtl"><body dir="rtl"');
    expect(paragraphsMail('en', ['Hello'])).toContain('<html lang="en" dir="ltr"><body dir="ltr"');
  });

  it('puts the button after the first paragraph, and never lets a value become markup', () => {
    const html = paragraphsMail('en', ['Hi <b>Amelia</b> & co', 'Bye'], { href: 'https://portal.test/x?a=1&b="2"', label: 'Open <it>' });
    expect(html).toContain('<p>Hi &#60;b&#62;Amelia&#60;/b&#62; &#38; co</p><p><a href="https://portal.test/x?a=1&#38;b=&#34;2&#34;"');
    expect(html).toContain('>Open &#60;it&#62;</a></p><p>Bye</p>');
    expect(html).not.toContain('<b>');
  });
});
