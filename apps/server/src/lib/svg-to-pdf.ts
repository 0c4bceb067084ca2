/**
 * Draws a simple SVG (the partner logos: shapes, paths, text, linear gradients) onto a PDFKit page. PDFKit has
 * no SVG support and a general renderer is a large dependency; logos use a small part of SVG, so this draws
 * that part and refuses the rest: anything unknown (transforms, images, filters, clip paths, CSS…) throws
 * UnsupportedSvgError and the caller draws its fallback instead.
 *
 * Supported: <svg viewBox|width/height>, <title>/<desc> (ignored), <defs>, <g> without attributes that change
 * rendering, <linearGradient> (objectBoundingBox or userSpaceOnUse) with <stop>s, <rect> (rx/ry), <circle>,
 * <ellipse>, <line>, <path d>, <text> (x, y, font-size, font-weight, text-anchor, letter-spacing);
 * fill/stroke as #rgb, #rrggbb, a few names, none or url(#gradient); fill-opacity, stroke-opacity, opacity,
 * stroke-width.
 */
export class UnsupportedSvgError extends Error {}

interface SvgNode {
  name: string;
  attributes: Record<string, string>;
  children: SvgNode[];
  text: string;
}

const NAMED_COLORS: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  gray: '#808080',
  grey: '#808080',
  transparent: 'none',
};

/** A tiny XML reader for the elements above; comments, declarations and CDATA-free text only. */
export function parseSvg(source: string): SvgNode {
  const cleaned = source.replace(/<\?[^]*?\?>/g, '').replace(/<!--[^]*?-->/g, '').replace(/<!DOCTYPE[^>]*>/gi, '');
  const root: SvgNode = { name: '#root', attributes: {}, children: [], text: '' };
  const stack: SvgNode[] = [root];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  let match: RegExpExecArray | null;
  while ((match = tag.exec(cleaned))) {
    const [, closing, name, attributeText, selfClosing, text] = match;
    const current = stack[stack.length - 1]!;
    if (text !== undefined) {
      current.text += decodeEntities(text);
      continue;
    }
    if (closing) {
      if (current.name !== name) throw new UnsupportedSvgError(`unbalanced </${name}>`);
      stack.pop();
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const attribute of (attributeText ?? '').matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attributes[attribute[1]!] = decodeEntities(attribute[2] ?? attribute[3] ?? '');
    }
    const node: SvgNode = { name: name!, attributes, children: [], text: '' };
    current.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  if (cleaned.replace(tag, '').trim() !== '') throw new UnsupportedSvgError('not well-formed');
  const svg = root.children.find((child) => child.name === 'svg');
  if (!svg || stack.length !== 1) throw new UnsupportedSvgError('no <svg> root');
  return svg;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&amp;/g, '&');
}

interface Gradient {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  userSpace: boolean;
  stops: { offset: number; color: string; opacity: number }[];
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function number(value: string | undefined, fallback = 0): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number.parseFloat(value);
  if (!Number.isFinite(parsed)) throw new UnsupportedSvgError(`not a number: ${value}`);
  if (/%$/.test(value.trim())) return parsed / 100;
  return parsed;
}

function color(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (/^\s*url\(/i.test(value)) return value.trim();
  const trimmed = value.trim().toLowerCase();
  if (trimmed === 'none') return trimmed;
  if (NAMED_COLORS[trimmed]) return NAMED_COLORS[trimmed];
  if (/^#[0-9a-f]{6}$/.test(trimmed)) return trimmed;
  if (/^#[0-9a-f]{3}$/.test(trimmed)) return `#${[...trimmed.slice(1)].map((digit) => digit + digit).join('')}`;
  throw new UnsupportedSvgError(`colour ${value}`);
}

function collectGradients(node: SvgNode, gradients: Map<string, Gradient>): void {
  for (const child of node.children) {
    if (child.name === 'linearGradient') {
      const attributes = child.attributes;
      if (attributes.gradientTransform || attributes['xlink:href'] || attributes.href) throw new UnsupportedSvgError('gradient transform/href');
      const userSpace = attributes.gradientUnits === 'userSpaceOnUse';
      gradients.set(attributes.id ?? '', {
        x1: number(attributes.x1, 0),
        y1: number(attributes.y1, 0),
        x2: number(attributes.x2, 1),
        y2: number(attributes.y2, 0),
        userSpace,
        stops: child.children
          .filter((stop) => stop.name === 'stop')
          .map((stop) => ({
            offset: number(stop.attributes.offset, 0),
            color: color(stop.attributes['stop-color']) ?? '#000000',
            opacity: number(stop.attributes['stop-opacity'], 1),
          })),
      });
    } else if (child.name === 'defs' || child.name === 'g') {
      collectGradients(child, gradients);
    }
  }
}

/** The bounding box of a path's absolute coordinates (relative commands: the whole viewBox). */
function pathBox(d: string, fallback: Box): Box {
  if (/[a-z]/.test(d.replace(/e/gi, ''))) return fallback;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const segment of d.matchAll(/([MLCQTSHVZA])([^MLCQTSHVZA]*)/gi)) {
    const values = (segment[2]!.match(/-?\d*\.?\d+(?:e-?\d+)?/gi) ?? []).map(Number);
    const command = segment[1]!.toUpperCase();
    if (command === 'H') xs.push(...values);
    else if (command === 'V') ys.push(...values);
    else if (command === 'A') return fallback;
    else values.forEach((value, index) => (index % 2 === 0 ? xs : ys).push(value));
  }
  if (xs.length === 0 || ys.length === 0) return fallback;
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * Draws `source` fitted into the box (x, y, width, height), keeping its aspect ratio, top-left aligned.
 * Returns the drawn width. Throws UnsupportedSvgError (having drawn nothing) when the SVG uses more than
 * the supported part.
 */
export function drawSvg(doc: PDFKit.PDFDocument, source: string, x: number, y: number, maxWidth: number, maxHeight: number): number {
  const svg = parseSvg(source);
  const viewBox = (svg.attributes.viewBox ?? '').trim().split(/[\s,]+/).filter(Boolean).map(Number);
  const view: Box =
    viewBox.length === 4
      ? { x: viewBox[0]!, y: viewBox[1]!, width: viewBox[2]!, height: viewBox[3]! }
      : { x: 0, y: 0, width: number(svg.attributes.width, 0), height: number(svg.attributes.height, 0) };
  if (!(view.width > 0 && view.height > 0)) throw new UnsupportedSvgError('no size');
  const gradients = new Map<string, Gradient>();
  collectGradients(svg, gradients);
  // Check everything before drawing anything, so a refusal leaves the page untouched.
  const drawables: SvgNode[] = [];
  const walk = (node: SvgNode) => {
    for (const child of node.children) {
      if (['title', 'desc', 'defs', 'metadata'].includes(child.name)) continue;
      for (const attribute of Object.keys(child.attributes)) {
        if (['transform', 'style', 'clip-path', 'mask', 'filter'].includes(attribute)) throw new UnsupportedSvgError(attribute);
      }
      if (child.name === 'g') walk(child);
      else if (['rect', 'circle', 'ellipse', 'line', 'path', 'text'].includes(child.name)) {
        if (child.name === 'text' && child.children.length > 0) throw new UnsupportedSvgError('tspan');
        drawables.push(child);
      } else throw new UnsupportedSvgError(`<${child.name}>`);
    }
  };
  walk(svg);
  for (const node of drawables) {
    for (const attribute of ['fill', 'stroke']) {
      const value = color(node.attributes[attribute]);
      if (value?.startsWith('url(') && !gradients.has(/url\(#([^)]+)\)/.exec(value)?.[1] ?? '')) throw new UnsupportedSvgError(`paint ${value}`);
    }
  }

  const scale = Math.min(maxWidth / view.width, maxHeight / view.height);
  doc.save();
  doc.translate(x - view.x * scale, y - view.y * scale);
  doc.scale(scale);
  for (const node of drawables) drawNode(doc, node, gradients, view);
  doc.restore();
  return view.width * scale;
}

function paint(doc: PDFKit.PDFDocument, value: string, box: Box, gradients: Map<string, Gradient>): PDFKit.Mixins.ColorValue {
  if (!value.startsWith('url(')) return value;
  const gradient = gradients.get(/url\(#([^)]+)\)/.exec(value)![1]!)!;
  const at = (fractionX: number, fractionY: number): [number, number] =>
    gradient.userSpace ? [fractionX, fractionY] : [box.x + fractionX * box.width, box.y + fractionY * box.height];
  const [x1, y1] = at(gradient.x1, gradient.y1);
  const [x2, y2] = at(gradient.x2, gradient.y2);
  const linear = doc.linearGradient(x1, y1, x2, y2);
  for (const stop of gradient.stops) linear.stop(stop.offset, stop.color, stop.opacity);
  return linear as unknown as PDFKit.Mixins.ColorValue;
}

function drawNode(doc: PDFKit.PDFDocument, node: SvgNode, gradients: Map<string, Gradient>, view: Box): void {
  const attributes = node.attributes;
  const opacity = number(attributes.opacity, 1);
  const fillValue = color(attributes.fill) ?? (node.name === 'line' ? 'none' : '#000000');
  const strokeValue = color(attributes.stroke) ?? 'none';
  const strokeWidth = number(attributes['stroke-width'], 1);
  doc.save();
  if (node.name === 'text') {
    const size = number(attributes['font-size'], 16);
    const bold = ['bold', '600', '700', '800', '900'].includes(attributes['font-weight'] ?? '');
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    const content = node.text.trim().replace(/\s+/g, ' ');
    const characterSpacing = number(attributes['letter-spacing'], 0);
    const width = doc.widthOfString(content, { characterSpacing });
    const anchor = attributes['text-anchor'];
    const textX = number(attributes.x) - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
    if (fillValue !== 'none') {
      doc.fillOpacity(number(attributes['fill-opacity'], 1) * opacity);
      doc.fillColor(paint(doc, fillValue, { x: textX, y: number(attributes.y) - size, width, height: size }, gradients));
      doc.text(content, textX, number(attributes.y), { lineBreak: false, baseline: 'alphabetic', characterSpacing });
    }
    doc.restore();
    return;
  }
  let box: Box;
  switch (node.name) {
    case 'rect': {
      box = { x: number(attributes.x), y: number(attributes.y), width: number(attributes.width), height: number(attributes.height) };
      const radius = Math.min(number(attributes.rx ?? attributes.ry, 0), box.width / 2, box.height / 2);
      if (radius > 0) doc.roundedRect(box.x, box.y, box.width, box.height, radius);
      else doc.rect(box.x, box.y, box.width, box.height);
      break;
    }
    case 'circle': {
      const r = number(attributes.r);
      box = { x: number(attributes.cx) - r, y: number(attributes.cy) - r, width: 2 * r, height: 2 * r };
      doc.circle(number(attributes.cx), number(attributes.cy), r);
      break;
    }
    case 'ellipse': {
      const rx = number(attributes.rx);
      const ry = number(attributes.ry);
      box = { x: number(attributes.cx) - rx, y: number(attributes.cy) - ry, width: 2 * rx, height: 2 * ry };
      doc.ellipse(number(attributes.cx), number(attributes.cy), rx, ry);
      break;
    }
    case 'line': {
      const [x1, y1, x2, y2] = [number(attributes.x1), number(attributes.y1), number(attributes.x2), number(attributes.y2)];
      box = { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
      doc.moveTo(x1, y1).lineTo(x2, y2);
      break;
    }
    default: {
      const d = attributes.d ?? '';
      box = pathBox(d, view);
      doc.path(d);
    }
  }
  const fills = fillValue !== 'none';
  const strokes = strokeValue !== 'none' && strokeWidth > 0;
  if (fills) doc.fillOpacity(number(attributes['fill-opacity'], 1) * opacity);
  if (strokes) doc.strokeOpacity(number(attributes['stroke-opacity'], 1) * opacity).lineWidth(strokeWidth);
  if (fills && strokes) doc.fillAndStroke(paint(doc, fillValue, box, gradients), paint(doc, strokeValue, box, gradients));
  else if (fills) doc.fill(paint(doc, fillValue, box, gradients));
  else if (strokes) doc.stroke(paint(doc, strokeValue, box, gradients));
  doc.restore();
}
