import { describe, expect, it } from 'vitest';
import { captionWords, headingId, parseCues, renderMarkdown } from './markdown.ts';

/** Markdown is sanitised on save (issue 38): nothing an author writes can run in a partner's browser, in either language. */

const ATTACKS: [string, string][] = [
  ['a script element', 'Before <script>alert(document.cookie)</script> after'],
  ['an event handler', '<p onclick="alert(1)">Click</p><img src=x onerror="alert(1)">'],
  ['a javascript: link', '[Open](javascript:alert(1)) and <a href="JaVaScRiPt:alert(1)">raw</a>'],
  ['a data: link', '[Open](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['inline SVG with script', '<svg onload="alert(1)"><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg>'],
  ['an SVG image', '![logo](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIj48L3N2Zz4=)'],
  ['an iframe and a form', '<iframe src="https://evil.test"></iframe><form action="https://evil.test"><input name=q></form>'],
  ['a style attribute', '<p style="background:url(javascript:alert(1))">styled</p>'],
  ['a clobbering id', '<h2 id="__proto__">x</h2><a id="location" name="cookie">y</a>'],
];

const FORBIDDEN = /<script|onerror|onload|onclick|javascript:|data:|<svg|<iframe|<form|<input|style=|id="__proto__"|id="location"|name=/i;

describe.each([
  ['English', ''],
  ['Arabic', 'نص عربي قبل الهجوم '],
])('sanitising in %s', (_language, prefix) => {
  it.each(ATTACKS)('drops %s', (_name, attack) => {
    const { html } = renderMarkdown(`${prefix}${attack}`);
    expect(html).not.toMatch(FORBIDDEN);
    if (prefix) expect(html).toContain('نص عربي');
  });
});

describe('renderMarkdown', () => {
  it('keeps text structure, safe links and tables', () => {
    const { html } = renderMarkdown('**Bold** and _italic_\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[Portal](https://portal.example/help) [Mail](mailto:help@example.test) [Page](/resources)');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<table>');
    expect(html).toContain('<a href="https://portal.example/help" rel="noopener noreferrer" target="_blank">Portal</a>');
    expect(html).toContain('<a href="mailto:help@example.test">Mail</a>');
    expect(html).toContain('<a href="/resources">Page</a>');
  });

  it('turns headings into TOC entries with unique ids, Arabic letters kept; a first-level heading becomes second-level', () => {
    const { html, toc } = renderMarkdown('# Overview\n\n## Steps\n\n## Steps\n\n## قبل الإحالة');
    expect(toc.map((entry) => entry.id)).toEqual(['section-overview', 'section-steps', 'section-steps-2', 'section-قبل-الإحالة']);
    expect(html).toContain('<h2 id="section-overview">Overview</h2>');
    expect(headingId('  !!! ')).toBe('section-part');
  });

  it('counts words and gives the plain text', () => {
    expect(renderMarkdown('Three little words').words).toBe(3);
    expect(renderMarkdown('A <b>bold</b> &amp; brave claim').text).toBe('A bold & brave claim');
  });
});

describe('captions', () => {
  it('reads WebVTT cues and their words', () => {
    const vtt = 'WEBVTT\n\n1\n00:00.000 --> 00:02.500\nHello <b>partners</b>\n\n00:01:02.000 --> 00:01:04.000 align:start\nمرحبا\n';
    expect(parseCues(vtt)).toEqual([
      { start: 0, end: 2.5, text: 'Hello partners' },
      { start: 62, end: 64, text: 'مرحبا' },
    ]);
    expect(captionWords(vtt)).toBe('Hello partners مرحبا');
  });

  it('refuses text that is not WebVTT', () => {
    expect(() => parseCues('1\n00:00:00,000 --> 00:00:02,000\nSRT')).toThrow(/WebVTT/);
    expect(() => parseCues('WEBVTT\n\n00:00,000 --> 00:02,000\nbad')).toThrow(/WebVTT/);
  });
});
