// The root postinstall. On a machine whose Node is older than package.json's engines (>= 22.12),
// fetch Node 24 from the npm registry into .node/, build the native modules for it and check that
// better-sqlite3 opens a database under it; the npm scripts then run on it (with-node.mjs). A
// machine with a new enough Node is left alone. Runs on the old Node itself, so no dependencies.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  atLeast,
  envFor,
  explain,
  LOCAL_DIR,
  localNode,
  majorMinor,
  MINIMUM,
  nodePackage,
  probe,
  ROOT,
  usingLine,
  WANTED_MAJOR,
} from './runtime.mjs';

if (atLeast(process.versions.node)) process.exit(0);

const system = process.versions.node;
const pkg = nodePackage();
const spec = `${pkg.name}@${WANTED_MAJOR}`;

function fail(reason) {
  console.error(explain({ found: system, foundAt: process.execPath, ...reason }));
  process.exit(1);
}

/** The npm that runs this install (npm_execpath), on `nodeBin`; else the one on PATH. */
function npm(nodeBin, args, env) {
  const cli = process.env.npm_execpath;
  const [file, argv] = cli && /\.[cm]?js$/.test(cli) ? [nodeBin, [cli, ...args]] : ['npm', args];
  return spawnSync(file, argv, {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32' && file === 'npm',
  });
}

/** The outer `npm install`'s settings that would misdirect a plain install into .node/. */
function npmEnv(env) {
  const drop =
    /^npm_config_(workspaces?|include_workspace_root|global|location|prefix|local_prefix|save.*|package_lock.*|dry_run|omit|include|production|only|also|install_strategy|global_style|legacy_bundling)$/i;
  return Object.fromEntries(Object.entries(env).filter(([key]) => !drop.test(key)));
}

const errorLine = (output) =>
  output
    .split('\n')
    .map((line) => line.replace(/^npm (error|ERR!) /, '').trim())
    .find((line) => line && !/^(code|errno|syscall) /.test(line) && !/complete log/.test(line)) ?? '';
const errorCode = (output) => /npm (?:error|ERR!) code (\S+)/.exec(output)?.[1] ?? '';

console.error(
  `El Node del sistema (${system}) es anterior a ${majorMinor(MINIMUM)}: Mostrador usará su propio Node ${WANTED_MAJOR}, en .node/ (por eso los avisos EBADENGINE).`,
);

if (!pkg.runs) {
  fail({
    es: `No hay un Node oficial para esta plataforma (${pkg.target} con musl): el registro de npm solo publica versiones para glibc.`,
    en: `There is no official Node for this platform (${pkg.target} with musl): the npm registry only publishes glibc builds.`,
  });
}

let local = localNode();
if (!local || Number(local.version.split('.')[0]) !== WANTED_MAJOR) {
  const install = npm(
    process.execPath,
    ['install', '--prefix', LOCAL_DIR, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', spec],
    npmEnv(process.env),
  );
  if (install.status !== 0) {
    const output = `${install.stdout ?? ''}${install.stderr ?? ''}${install.error?.message ?? ''}`;
    const code = errorCode(output);
    if (/^(E404|ETARGET|EBADPLATFORM)$/.test(code)) {
      fail({
        es: `El registro de npm no publica ${spec} para esta plataforma (${pkg.target}; ${code}).`,
        en: `The npm registry publishes no ${spec} for this platform (${pkg.target}; ${code}).`,
        noPackage: true,
      });
    }
    const network =
      /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ERR_SOCKET_TIMEOUT)$/;
    fail(
      network.test(code) || /network|proxy|ECONN|ETIMEDOUT|ENOTFOUND/i.test(output)
        ? {
            es: `No se pudo descargar ${spec} del registro de npm (${code || 'red'}): ¿sin conexión?`,
            en: `Could not fetch ${spec} from the npm registry (${code || 'network'}): offline?`,
            retry: { es: 'Cuando el registro responda', en: 'When the registry answers', command: 'npm install' },
          }
        : {
            es: `npm no pudo instalar ${spec} en .node/: ${errorLine(output)}`,
            en: `npm could not install ${spec} into .node/: ${errorLine(output)}`,
            retry: 'npm install',
          },
    );
  }
  local = localNode();
}
if (!local) {
  fail({
    es: `npm instaló ${spec} pero .node/ no tiene su ejecutable.`,
    en: `npm installed ${spec} but .node/ lacks its executable.`,
    retry: 'npm install',
  });
}

const runs = spawnSync(local.bin, ['-p', 'process.versions.node'], { encoding: 'utf8' });
if (runs.status !== 0 || !atLeast(runs.stdout.trim())) {
  fail({
    es: `El Node ${local.version} de .node/ no arranca en esta máquina: ${(runs.stderr || runs.error?.message || '').trim().split('\n')[0]}`,
    en: `The Node ${local.version} in .node/ does not run on this machine: ${(runs.stderr || runs.error?.message || '').trim().split('\n')[0]}`,
    noPackage: true,
  });
}

// Native modules (packages with a binding.gyp) again under Node 24 with its headers: a prebuilt
// Node-API binary is kept (nothing compiles), and a source build would target Node 24.
const env = envFor(local);
const nodeModules = join(ROOT, 'node_modules');
const natives = (existsSync(nodeModules) ? readdirSync(nodeModules) : [])
  .flatMap((name) =>
    name.startsWith('@') ? readdirSync(join(nodeModules, name)).map((inner) => `${name}/${inner}`) : [name],
  )
  .filter((name) => existsSync(join(nodeModules, name, 'binding.gyp')));
if (natives.length > 0) {
  const rebuild = npm(local.bin, ['rebuild', ...natives], npmEnv(env));
  if (rebuild.status !== 0) {
    fail({
      es: `No se pudieron construir ${natives.join(', ')} para Node ${local.version}: ${errorLine(`${rebuild.stdout}${rebuild.stderr}`)}`,
      en: `Could not build ${natives.join(', ')} for Node ${local.version}: ${errorLine(`${rebuild.stdout}${rebuild.stderr}`)}`,
      retry: 'npm install',
    });
  }
}

const check = probe(local.bin, env);
if (!check.ok) {
  fail({ found: local.version, foundAt: local.bin, es: check.es, en: check.en, native: true, retry: 'npm install' });
}
console.error(usingLine(local));
