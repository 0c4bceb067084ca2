// The compiled server (issue 33, N5): `node apps/server/dist/main.js` runs the server as one Node process, with no
// tsx (and no TypeScript) at run time. esbuild, which tsx and Vite already use, bundles the server's TypeScript and
// the workspace's own packages (@portal/contracts is TypeScript source) into a few files; every other package stays
// an import of node_modules, installed by `npm ci --omit=dev` (Dockerfile).
//
//   node scripts/build-server.mjs [out-dir]     (default apps/server/dist)
//
// What it writes:
//   main.js            the server (src/main.ts), with every area imported statically: a bundle has no modules
//                      folder to read (kit/load-modules.ts, useBundledModules)
//   pglite-worker.js   the embedded database's worker thread (db/client.ts starts it beside main.js)
//   migrate.js         `npm run migrate` (cli/migrate.ts), for a release step on an image without tsx
//   admin.js           `npm run admin` (cli/admin.ts)
//   migrations/*.sql   the migrations, which db/migrate.ts reads beside the code that runs them
// and a source map for each, so stack traces name the TypeScript files (`node --enable-source-maps`).
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const source = path.join(server, 'src');
const outdir = path.resolve(process.argv[2] ?? path.join(server, 'dist'));

/** Bare imports stay imports of node_modules, except the workspace's own packages, which are TypeScript source. */
const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@portal/') || args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
  },
};

const areas = readdirSync(path.join(source, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(source, 'modules', entry.name, 'module.ts')))
  .map((entry) => entry.name)
  .sort();

/** An entry that hands the areas to kit/load-modules.ts, then runs `file` (a path under src/). */
function withAreas(file) {
  const imports = areas.map((area, index) => `import * as area${index} from './modules/${area}/module.ts';`);
  const table = areas.map((area, index) => `  ${JSON.stringify(area)}: area${index},`);
  return {
    contents: [
      `import { useBundledModules } from './kit/load-modules.ts';`,
      ...imports,
      `useBundledModules({`,
      ...table,
      `});`,
      `await import('./${file}');`,
      '',
    ].join('\n'),
    resolveDir: source,
    sourcefile: `${path.basename(file, '.ts')}-entry.ts`,
    loader: 'ts',
  };
}

rmSync(outdir, { recursive: true, force: true });
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [nodeModulesExternal],
};
const entries = [
  { name: 'main', stdin: withAreas('main.ts') },
  { name: 'admin', stdin: withAreas('cli/admin.ts') },
  { name: 'migrate', entryPoints: [path.join(source, 'cli/migrate.ts')] },
  { name: 'pglite-worker', entryPoints: [path.join(source, 'db/pglite-worker.ts')] },
];
await Promise.all(
  entries.map(({ name, ...entry }) => build({ ...common, ...entry, outfile: path.join(outdir, `${name}.js`) })),
);
mkdirSync(path.join(outdir, 'migrations'));
for (const file of readdirSync(path.join(source, 'db/migrations')).filter((name) => name.endsWith('.sql'))) {
  copyFileSync(path.join(source, 'db/migrations', file), path.join(outdir, 'migrations', file));
}
process.stdout.write(`Built the server into ${path.relative(root, outdir) || '.'} (node ${path.relative(root, path.join(outdir, 'main.js'))}).\n`);
