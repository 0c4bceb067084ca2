import bidiFactory from 'bidi-js';

/**
 * Right-to-left text for the PDF writer. PDFKit draws glyphs left to right in the order it is given them, and its
 * fonts shape Arabic (fontkit joins the letters and reverses a run whose script is right-to-left) but know nothing of
 * the Unicode bidirectional algorithm: a line that mixes Arabic with digits or Latin names comes out scrambled, and
 * PDFKit lays a text out word by word, which puts Arabic words in reading order from the left.
 *
 * So a line is cut here into runs in visual order, left to right (bidi-js resolves the levels and the order,
 * mirrors brackets), each for one font: the Arabic font (IBM Plex Sans Arabic) for Arabic letters, digits and
 * punctuation, the standard Helvetica for the rest. Each run's text is given in the order its font must receive
 * it: logical order where fontkit will reverse the run itself (it holds Arabic-script characters), visual order
 * otherwise. The writer lays an Arabic run out whole (`features: []`), never word by word.
 */

const bidi = bidiFactory();

export type RunFont = 'arabic' | 'latin';

export interface VisualRun {
  text: string;
  font: RunFont;
}

/** A character only a right-to-left font or the bidi algorithm handles (Hebrew and Arabic blocks). */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
/** What the Arabic font draws: the Arabic blocks (letters, marks, Arabic-Indic digits, Arabic punctuation). */
const ARABIC_FONT = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** fontkit reverses a run whose first script is Arabic (the Common script, like '،', does not count). */
const ARABIC_SCRIPT = /\p{Script=Arabic}/u;
/** Direction marks and embeddings: they steer the algorithm and are never drawn. */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const SPACE = /\s/;

/** Whether the text needs this treatment at all: without a right-to-left character it is one left-to-right run. */
export function needsBidi(text: string): boolean {
  return RIGHT_TO_LEFT.test(text);
}

/**
 * The runs of a one-line text in visual order, left to right. The paragraph's direction is its first strong
 * character's (an Arabic heading reads right to left, a Latin name inside an Arabic document left to right).
 */
export function visualRuns(text: string): VisualRun[] {
  if (!needsBidi(text)) return text === '' ? [] : [{ text, font: 'latin' }];
  const embedding = bidi.getEmbeddingLevels(text, 'auto');
  const { levels } = embedding;
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const fonts = fontsOf(text, levels);
  const order = bidi.getReorderedIndices(text, embedding);

  const runs: VisualRun[] = [];
  let current: { indices: number[]; level: number; font: RunFont } | null = null;
  const flush = () => {
    if (!current) return;
    const visual = current.indices.map((index) => mirrored.get(index) ?? text[index]!);
    const joined = visual.join('');
    // fontkit reverses an Arabic-script run: hand it that run backwards (in logical order for an odd level).
    const reversedByFont = current.font === 'arabic' && ARABIC_SCRIPT.test(joined);
    runs.push({ text: reversedByFont ? visual.reverse().join('') : joined, font: current.font });
    current = null;
  };
  for (const index of order) {
    if (BIDI_CONTROL.test(text[index]!)) continue;
    const level = levels[index]!;
    const font = fonts[index]!;
    if (!current || current.level !== level || current.font !== font) {
      flush();
      current = { indices: [], level, font };
    }
    current.indices.push(index);
  }
  flush();
  return runs;
}

/** The font of each character; a space takes its neighbour's at the same level, so an Arabic phrase stays one run. */
function fontsOf(text: string, levels: Uint8Array): RunFont[] {
  const fonts: (RunFont | null)[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    fonts.push(SPACE.test(character) ? null : ARABIC_FONT.test(character) ? 'arabic' : 'latin');
  }
  for (let index = 0; index < fonts.length; index += 1) {
    if (fonts[index] !== null) continue;
    let font: RunFont | null = null;
    for (let before = index - 1; before >= 0 && levels[before] === levels[index] && font === null; before -= 1) font = fonts[before] ?? null;
    for (let after = index + 1; after < fonts.length && levels[after] === levels[index] && font === null; after += 1) font = fonts[after] ?? null;
    fonts[index] = font ?? 'latin';
  }
  return fonts as RunFont[];
}
