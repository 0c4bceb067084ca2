/**
 * What `tsc` cannot see in a translation: a text left empty, a placeholder standing in for one ('TODO', '???'),
 * English pasted in, or a `{{value}}` lost on the way. Used by the catalogues' test over every namespace.
 */
const PLACEHOLDER = /\b(todo|fixme|tbd|xxx|translate|lorem)\b|\?\?\?|\[ar\]/i;
const ARABIC_LETTER = /[\u0600-\u06FF]/;
const LATIN_LETTER = /[A-Za-z]/;
const ARABIC_PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') flat.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) flat.set(inner, text);
  }
  return flat;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]!).sort();
}

/** The Arabic keys an English key asks for: its six plural forms for `x_other`, none for `x_one`, else itself. */
function arabicKeysFor(key: string): string[] {
  if (key.endsWith('_one')) return [];
  if (key.endsWith('_other')) return ARABIC_PLURAL_FORMS.map((form) => `${key.slice(0, -'other'.length)}${form}`);
  return [key];
}

/** Every problem of `ar` as the translation of `en`, as readable lines; [] when it is complete. */
export function catalogueProblems(en: Tree, ar: Tree): string[] {
  const english = flatten(en);
  const arabic = flatten(ar);
  const problems: string[] = [];
  const expected = new Set<string>();
  for (const [key, source] of english) {
    for (const arabicKey of arabicKeysFor(key)) {
      expected.add(arabicKey);
      const text = arabic.get(arabicKey);
      if (text === undefined) {
        problems.push(`${arabicKey}: missing`);
        continue;
      }
      // Words, not the names of values: '{{kind}}: {{range}}' has nothing to translate.
      const words = source.replace(/\{\{[^}]*\}\}/g, '');
      if (!text.trim()) problems.push(`${arabicKey}: empty`);
      else if (PLACEHOLDER.test(text)) problems.push(`${arabicKey}: a placeholder ('${text}')`);
      else if (text === source && LATIN_LETTER.test(words)) problems.push(`${arabicKey}: still English ('${text}')`);
      else if (LATIN_LETTER.test(words) && !ARABIC_LETTER.test(text)) problems.push(`${arabicKey}: no Arabic in '${text}'`);
      // A plural form may leave the number out ('one booking' reads 'حجز واحد'); other texts keep every value.
      const wanted = placeholders(source).filter((name) => !(name === 'count' && key.endsWith('_other')));
      const missing = wanted.filter((name) => !placeholders(text).includes(name));
      if (missing.length > 0) problems.push(`${arabicKey}: loses {{${missing.join('}}, {{')}}}`);
    }
  }
  for (const key of arabic.keys()) if (!expected.has(key)) problems.push(`${key}: not in English`);
  return problems;
}
