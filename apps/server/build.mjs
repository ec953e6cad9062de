// Bundles the server (and packages/shared, which ships as TypeScript) into dist/server.js, and
// the import's worker thread into dist/import-worker.js beside it (the server starts it from
// there); npm dependencies stay external and load from node_modules.
import { cpSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@mostrador/'));

// `node build.mjs --outfile <path>` builds elsewhere (the e2e run builds its own copy).
const at = process.argv.indexOf('--outfile');
const outfile = at > 0 ? process.argv[at + 1] : 'dist/server.js';

const bundle = (entry, file) =>
  build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    outfile: file,
    external: [...external, ...external.map((name) => `${name}/*`)],
    sourcemap: true,
    logLevel: 'warning',
  });
await Promise.all([
  bundle('src/server.ts', outfile),
  bundle('src/modules/spreadsheets/import-worker.ts', join(dirname(outfile), 'import-worker.js')),
]);

// The PostgreSQL functions' definitions (src/db/sql/*.sql), read at start beside the bundle.
cpSync('src/db/sql', join(dirname(outfile), 'sql'), { recursive: true });
