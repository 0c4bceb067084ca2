import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pdfText, renderPdf } from '../test/pdf-text.ts';
import { drawSvg, parseSvg, UnsupportedSvgError } from './svg-to-pdf.ts';

const LOGOS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public/logos');

const render = (draw: (doc: PDFKit.PDFDocument) => void) => renderPdf(draw);

const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64">
  <title>Acme &amp; Co</title>
  <defs><linearGradient id="Brand" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#0369a1"/></linearGradient></defs>
  <rect x="4" y="4" width="56" height="56" rx="14" fill="url(#Brand)"/>
  <path d="M10 48 q11 -8 22 0 t22 0" stroke="#fff" stroke-opacity="0.45" stroke-width="3" fill="none"/>
  <circle cx="200" cy="32" r="10" fill="white"/>
  <text x="32" y="39" text-anchor="middle" font-size="18" font-weight="700" fill="#ffffff">AC</text>
  <text x="72" y="49" font-size="13" letter-spacing="1.5" fill="#6b7280">ACME &amp; CO</text>
</svg>`;

describe('drawSvg', () => {
  it('draws shapes, gradients and text fitted into the box, and says how wide it drew', async () => {
    let width = 0;
    const pdf = await render((doc) => {
      width = drawSvg(doc, logo, 36, 36, 150, 40);
    });
    expect(width).toBeCloseTo(150, 5);
    const { texts } = pdfText(pdf);
    expect(texts).toContain('AC');
    expect(texts).toContain('ACME & CO');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/ShadingType 2/); // the linear gradient
    expect(raw).toMatch(/\/ca 0\.45|\/CA 0\.45/); // the stroke opacity
  });

  it('draws every logo the portal ships', async () => {
    const files = readdirSync(LOGOS).filter((file) => file.endsWith('.svg'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const source = readFileSync(path.join(LOGOS, file), 'utf8');
      const pdf = await render((doc) => drawSvg(doc, source, 0, 0, 150, 40));
      expect(pdfText(pdf).texts.length, file).toBeGreaterThan(0);
    }
  });

  it.each([
    ['a transform', '<svg viewBox="0 0 10 10"><rect width="5" height="5" transform="rotate(45)"/></svg>'],
    ['an image', '<svg viewBox="0 0 10 10"><image href="x.png" width="5" height="5"/></svg>'],
    ['CSS', '<svg viewBox="0 0 10 10"><rect width="5" height="5" style="fill:red"/></svg>'],
    ['an unknown gradient', '<svg viewBox="0 0 10 10"><rect width="5" height="5" fill="url(#nope)"/></svg>'],
    ['a colour function', '<svg viewBox="0 0 10 10"><rect width="5" height="5" fill="rgb(1,2,3)"/></svg>'],
    ['no size', '<svg><rect width="5" height="5"/></svg>'],
    ['broken markup', '<svg viewBox="0 0 10 10"><rect width="5"</svg>'],
    ['not SVG', '<html><body/></html>'],
  ])('refuses %s and draws nothing', async (_label, source) => {
    let error: unknown;
    const pdf = await render((doc) => {
      try {
        drawSvg(doc, source, 0, 0, 100, 100);
      } catch (caught) {
        error = caught;
      }
    });
    expect(error).toBeInstanceOf(UnsupportedSvgError);
    expect(pdf.toString('latin1')).not.toMatch(/\/ShadingType/);
  });

  it('parses attributes with either quote and decodes entities', () => {
    const svg = parseSvg(`<?xml version="1.0"?><!-- c --><svg viewBox='0 0 1 1'><text x="0" y="1">A &lt; B</text></svg>`);
    expect(svg.attributes.viewBox).toBe('0 0 1 1');
    expect(svg.children[0]!.text).toBe('A < B');
  });
});
