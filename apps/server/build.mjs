// Bundles the server (and packages/shared, which ships as TypeScript) into dist/server.js;
// npm dependencies stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@mostrador/'));

// `node build.mjs --outfile <path>` builds elsewhere (the e2e run builds its own copy).
const at = process.argv.indexOf('--outfile');
const outfile = at > 0 ? process.argv[at + 1] : 'dist/server.js';

await build({
  entryPoints: ['src/server.ts'],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outfile,
  external: [...external, ...external.map((name) => `${name}/*`)],
  sourcemap: true,
  logLevel: 'warning',
});
