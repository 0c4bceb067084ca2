import { fileURLToPath } from 'node:url';

/**
 * Whether this is the compiled server (scripts/build-server.mjs): there every module is part of one file,
 * apps/server/dist/main.js (or another entry beside it), so `import.meta.url` is that file's for all of them.
 * Run from source (tsx, the tests), this file is apps/server/src/lib/server-files.ts.
 */
export const RUNS_COMPILED = import.meta.url.endsWith('.js');

/** apps/server/, found from either place: what the server reads beside its code is located from here. */
export const SERVER_DIR = fileURLToPath(new URL(RUNS_COMPILED ? '../' : '../../', import.meta.url));
