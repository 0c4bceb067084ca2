import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
// eslint-plugin-import rather than eslint-plugin-import-x: import-x resolves through unrs-resolver, a native
// (Rust) binary, and this repository's dev tools stay pure JavaScript. Both offer the same two rules used here.
import importPlugin from 'eslint-plugin-import';
import checkFile from 'eslint-plugin-check-file';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';

const ROOT = import.meta.dirname;
const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';

/**
 * A server module's one public face is `modules/<area>/public.ts` (found on disk, so the list needs no edit): other
 * modules, plugins/ and kit/ reach an area only through it, and everything else in modules/<area>/ is private to its
 * area. A public file says in its comment what it offers and to whom; main.ts, cli/, test/ and db/seeds/ wire areas
 * together and are left out. apps/server/src/lint-rules.test.ts proves the rules report.
 */
export const SERVER_MODULE_PUBLIC_FILES = foldersOf(`${SERVER}/modules`)
  .filter((area) => existsSync(path.join(ROOT, SERVER, 'modules', area, 'public.ts')))
  .map((area) => `${area}/public.ts`);

/** Test helpers of a module that other modules' tests may use too (never production code). */
export const SERVER_MODULE_TEST_HELPERS = ['broadcasting/test-support.ts'];

/** The folders directly under `dir`: the areas, found on disk, so a new area needs no edit here. */
function foldersOf(dir) {
  try {
    return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** One zone per area: files of `base/<area>` may import nothing of `base/` but their own area and `allowed`. */
function areaZones(base, allowed, message) {
  return foldersOf(base).map((area) => ({
    target: `${base}/${area}`,
    from: base,
    except: [`./${area}`, ...allowed.filter((file) => !file.startsWith(`${area}/`)).map((file) => `./${file}`)],
    message,
  }));
}

// Web (bulletproof-react's one direction): app → features → components/lib/stores, never back.
const webZones = [
  ...areaZones(`${WEB}/features`, [], 'Areas do not import each other: move shared code to components/ or lib/, or combine them in app/.'),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'app/ composes the features; a feature needs nothing from it (paths are in lib/paths.ts).',
  },
  {
    target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/stores`, `${WEB}/i18n`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared code never depends on an area or on the app shell: move what it needs into lib/.',
  },
  {
    // stores/ is the partner's session: the shared layers serve the console too, where no partner is signed in, so
    // what they need of a session (a printout's "printed for") is given to them by the frame (PrintedForContext).
    target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/i18n`],
    from: `${WEB}/stores`,
    message: "Shared code never reads the partner's session (stores/): take what you need as a prop or from a context the app's frame provides.",
  },
  {
    // The languages are the base layer: everything may read texts, and they depend on nothing else of the SPA.
    target: `${WEB}/i18n`,
    from: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/stores`],
    message: 'i18n/ is the base layer: it imports nothing else of the SPA.',
  },
  // The operations console is an entry of its own (console.html): nothing of the partner portal imports it, so a
  // partner's browser never downloads its code (e2e/tests/console.spec.ts checks the build), and it builds on the
  // shared layers, not on the partner areas or the partner's session.
  {
    target: [`${WEB}/app`, `${WEB}/components`, `${WEB}/features`, `${WEB}/lib`, `${WEB}/stores`, `${WEB}/i18n`, `${WEB}/main.tsx`],
    from: `${WEB}/console`,
    message: 'The partner portal never imports the console: a partner must not download console code.',
  },
  {
    target: `${WEB}/console`,
    from: [`${WEB}/features`, `${WEB}/stores`],
    message: 'The console builds on components/, lib/, i18n/ and the app providers, not on partner areas or the partner session.',
  },
  ...consoleZones(),
];

/**
 * The console's areas are its folders that declare themselves with a `*-console.tsx` (console-areas.ts finds them
 * by the same name); its other folders and files (components/, session/, layout/, console-areas.ts, …) are the
 * console's shared code. An area imports that and its own folder, never another area; the shared code imports no area.
 */
function consoleZones() {
  const base = `${WEB}/console`;
  const areas = foldersOf(base).filter((folder) => readdirSync(path.join(ROOT, base, folder)).some((file) => file.endsWith('-console.tsx')));
  if (areas.length === 0) return [];
  const shared = readdirSync(path.join(ROOT, base)).filter((entry) => !areas.includes(entry));
  return [
    ...areas.map((area) => ({
      target: `${base}/${area}`,
      from: areas.filter((other) => other !== area).map((other) => `${base}/${other}`),
      message: 'Console areas do not import each other: move shared code to console/components/ (or lib/), or link to the page.',
    })).filter((zone) => zone.from.length > 0),
    {
      target: shared.map((entry) => `${base}/${entry}`),
      from: areas.map((area) => `${base}/${area}`),
      message: "The console's shared code never imports a console area: areas are found by console-areas.ts.",
    },
  ];
}

// Server: an area is reached only through its public files; low layers do not depend on high ones.
function serverZones(publicFiles) {
  return [
    ...areaZones(
      `${SERVER}/modules`,
      publicFiles,
      `A module reaches another only through its public file (modules/<area>/public.ts).`,
    ),
    {
      // The layers under main.ts that serve every area (plugins: a request's session, realtime…; kit: the route
      // builders) may use an area only as another module does, through its public file.
      target: [`${SERVER}/plugins`, `${SERVER}/kit`],
      from: `${SERVER}/modules`,
      except: publicFiles.map((file) => `./${file}`),
      message: 'plugins/ and kit/ reach a module only through its public file (modules/<area>/public.ts).',
    },
    {
      target: [`${ROOT}/${SERVER}/modules/*/repository.ts`, `${ROOT}/${SERVER}/modules/*/*-repository.ts`],
      from: `${SERVER}/plugins`,
      message: 'A repository is data access only: take what it needs as an argument, not from a Fastify plugin.',
    },
    {
      // db/seeds/ is left out: like main.ts, the seeds wire areas together (the demo accounts are written through
      // the auth module's repository and two-factor setup), and nothing imports a seed but the start-up.
      target: [`${SERVER}/lib/**`, `${SERVER}/db/*.ts`],
      from: [`${SERVER}/modules`, `${SERVER}/plugins`],
      message: 'lib/ and db/ are below the modules and plugins: they must not depend on them.',
    },
  ];
}

const restrictedPaths = (zones) => ['error', { basePath: ROOT, zones }];

/**
 * Texts a person reads come from the catalogues (apps/web/src/i18n, `defineMessages` in each area), never from a
 * literal: in JSX (text, and the props that carry text), and in the objects that hold labels, titles and messages
 * (columns, options, toasts). A catalogue itself is a variable named `…En` or `…Ar`. Keys stay lower camelCase, so a
 * value that starts with a capitalised word or holds words apart reads as a text. Tests and test helpers are left out.
 * apps/server/src/lint-rules.test.ts shows both rules reporting.
 */
const TEXT_PROPS = ['label', 'aria-label', 'placeholder', 'title', 'alt', 'description', 'caption', 'message', 'error', 'text'];
const TEXT_PROP_PATTERN = `^(${TEXT_PROPS.join('|')}|tooltip_message|.*(Label|Text|Message|Title))$`;
const TEXT_VALUE = '/^[A-Z][a-z]|\\s[A-Za-z]{2,}|[A-Za-z]{2,}\\s/';
// A catalogue is a variable named <area>En / <area>Ar, or the `frame` of a lazy English one (i18n.ts, LazyEnglish).
const OUTSIDE_CATALOGUES = ':not(VariableDeclarator[id.name=/(En|Ar)$/] *):not(Property[key.name="frame"] *)';
// Components that render a bare <div> or <span> (the generic role, which takes no name) unless given a role.
const UNNAMEABLE_ELEMENTS = '^(div|span|Box|Group|Stack|SimpleGrid|Paper|Skeleton|Loader|Center|Flex)$';
const NO_LITERAL_TEXT = {
  mode: 'jsx-only',
  'jsx-attributes': { include: [TEXT_PROP_PATTERN] },
  'should-validate-template': true,
  // Calls whose strings are keys, not texts: `t` (an area's texts), `shared` (the shared catalogue), a form's fields.
  callees: {
    exclude: ['i18n(ext)?', 't', 'shared', 'get\\w*Props', 'errorText', 'require', 'addEventListener', 'removeEventListener', 'includes', 'startsWith', 'endsWith'],
  },
};
const SERVER_TESTS = [`${SERVER}/**/*.test.ts`, `${SERVER}/**/test-support.ts`, `${SERVER}/**/*-test-support.ts`];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/server/dist-test-*/**', 'data/**', 'coverage/**', 'test-results/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },

  // Imports between our own files: no cycles anywhere (a cycle makes load order matter and hides a layer that
  // should exist), and the boundaries below.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      // The rules read the imported files too: parse them as TypeScript, and resolve `./x` and `./x.ts` alike.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Only our own sources: walking node_modules' dependency graphs costs minutes and finds no cycle of ours.
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  { files: [`${WEB}/**/*.{ts,tsx}`], rules: { 'import/no-restricted-paths': restrictedPaths(webZones) } },
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: SERVER_TESTS,
    rules: { 'import/no-restricted-paths': restrictedPaths(serverZones(SERVER_MODULE_PUBLIC_FILES)) },
  },
  {
    files: SERVER_TESTS,
    rules: {
      'import/no-restricted-paths': restrictedPaths(serverZones([...SERVER_MODULE_PUBLIC_FILES, ...SERVER_MODULE_TEST_HELPERS])),
    },
  },

  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/**/*.test.{ts,tsx}`, `${WEB}/**/*-test-helpers.ts`],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': ['error', NO_LITERAL_TEXT],
      'no-restricted-syntax': [
        'error',
        ...['Literal', 'TemplateLiteral > TemplateElement'].map((node) => ({
          selector: `Property[key.name=/${TEXT_PROP_PATTERN}/] > ${node}[value${node === 'Literal' ? '' : '.raw'}=${TEXT_VALUE}]${OUTSIDE_CATALOGUES}`,
          message: 'A text a person reads comes from a catalogue (useText / sharedText), not a literal.',
        })),
        {
          // A <div> or <span> without a role (Mantine's Loader, Skeleton, Stack, Group, Box…) cannot carry a name:
          // axe refuses the attribute (aria-prohibited-attr) and screen readers do not read it. What is loading is said
          // in text (LoadingPlaceholder, or a role="status" beside a hidden Loader).
          selector: `JSXOpeningElement[name.name=/${UNNAMEABLE_ELEMENTS}/]:not(:has(JSXAttribute[name.name=/^(role|component)$/])) > JSXAttribute[name.name=/^aria-(label|labelledby)$/]`,
          message: 'This element has no role, so a name on it is neither allowed nor read: say what is loading in text (LoadingPlaceholder), or give it a role that takes a name.',
        },
      ],
    },
  },

  // File and folder names are kebab-case (`.test`, `.module` and other middle extensions aside), so an import's
  // spelling never depends on the file system's case rules.
  {
    files: ['{apps,packages}/**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{apps,packages}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Stylesheets are not JavaScript: the plugin's processor hands ESLint an empty program, named like the file.
    files: ['{apps,packages}/**/*.css'],
    plugins: { 'check-file': checkFile },
    processor: 'check-file/eslint-processor-check-file',
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{apps,packages}/**/': 'KEBAB_CASE' }],
    },
  },

  {
    // Who an audit row names comes from the request (plugins/audit-actor.ts: request.auditActor, set from the operator
    // or partner the guards identified), never written out again in a route: one definition of the actor's fields.
    files: [`${SERVER}/modules/*/routes.ts`, `${SERVER}/modules/*/*-routes.ts`, `${SERVER}/modules/*/module.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ObjectExpression:has(Property[key.name='id']) > Property[key.name='type'][value.value=/^(operator|partner)$/]",
          message: 'Take the audit actor from the request (request.auditActor, plugins/audit-actor.ts), not an object written here.',
        },
        {
          selector: "SpreadElement > CallExpression[callee.name='requestOrigin']",
          message: 'Take the audit actor from the request (request.auditActor, plugins/audit-actor.ts), not an object built from requestOrigin here.',
        },
      ],
    },
  },
  {
    // The server reads configuration once, in config.ts (ARCHITECTURE habit 7).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/test/**', 'apps/server/src/cli/**', 'apps/server/src/db/seeds/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in config.ts.' }],
    },
  },
);
