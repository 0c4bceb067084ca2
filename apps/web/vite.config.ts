import path from 'node:path';
import { constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * Each Mantine component's CSS goes with the component, into the chunk that uses it (issue #13: CSS per area).
 *
 * Mantine publishes one stylesheet per component (`@mantine/core/styles/<Name>.layer.css`) beside the component's
 * class-name module (`esm/components/<Name>/<Name>.module.mjs`, the same name, one to one). This adds the import of
 * that stylesheet to the class-name module, so a page gets the CSS of exactly the components its JavaScript holds,
 * wherever it is used, and a component added anywhere later brings its own CSS without anyone listing it
 * (hand-written per-area lists would drift, and a forgotten entry shows as an unstyled widget). `@mantine/dates` and
 * `@mantine/notifications` publish one stylesheet each: it goes with any of their components. The `.layer.css` files
 * put Mantine's rules in the `mantine` cascade layer, so the portal's own CSS wins over them whatever order the
 * chunks' stylesheets arrive in. The global styles (reset, variables) stay imported once, in main.tsx.
 */
function mantineCssPerComponent(): Plugin {
  const classModule = /^(.*[\\/]@mantine[\\/](core|dates|notifications))[\\/]esm[\\/](?:.*[\\/])?([A-Za-z]+)\.module\.mjs$/;
  return {
    name: 'portal:mantine-css-per-component',
    enforce: 'pre',
    transform: {
      filter: { id: classModule },
      handler(code, id) {
        const match = classModule.exec(id);
        if (!match) return null;
        const [, packageRoot, pkg, name] = match as unknown as [string, string, string, string];
        const stylesheet = pkg === 'core' ? path.join(packageRoot, 'styles', `${name}.layer.css`) : path.join(packageRoot, 'styles.layer.css');
        return { code: `import ${JSON.stringify(stylesheet)};\n${code}`, map: null };
      },
    },
  };
}

/**
 * `vite build --mode console` builds the operations console (console.html, served at /console/*) into the same folder,
 * after the portal's build (package.json: `build`). Two builds, not two entries of one: with one build the bundler
 * shares chunks between the entries and re-cuts the portal's around what the console uses (measured: 13 chunks for
 * /login instead of 4, 4 KB more compressed JavaScript), while a build of its own leaves the portal's files exactly as
 * they are without the console, and no partner page can load a console chunk. The console's manifest is its own
 * (.vite/console-manifest.json), so the portal's (.vite/manifest.json) keeps describing the portal alone
 * (bench, e2e/tests/console.spec.ts).
 */
export const CONSOLE_MODE = 'console';

// Built assets are served under /build/ (spec §9); the API server serves index.html for every other path.
export default defineConfig(({ mode }) => ({
  base: '/build/',
  plugins: [
    mantineCssPerComponent(),
    react(),
    // A brotli and a gzip copy beside every text asset, made once here at maximum quality (the server sends the copy
    // the client accepts, apps/server/src/plugins/spa.ts; docs/decisions.md, "Compression").
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  build: {
    // WEB_DIST_DIR builds elsewhere, for a server started with the same variable (scripts/e2e.sh).
    outDir: process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : 'dist',
    // The console's build comes second and adds its files beside the portal's.
    emptyOutDir: mode !== CONSOLE_MODE,
    sourcemap: false,
    // The bench reads it to size what each page loads.
    manifest: mode === CONSOLE_MODE ? '.vite/console-manifest.json' : true,
    chunkSizeWarningLimit: 900,
    ...(mode === CONSOLE_MODE ? { rolldownOptions: { input: path.resolve(import.meta.dirname, 'console.html') } } : {}),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/sanctum': 'http://localhost:3000',
      '/broadcasting': 'http://localhost:3000',
      '/app': { target: 'ws://localhost:3000', ws: true },
    },
  },
}));
