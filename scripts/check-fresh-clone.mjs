// The README's promise on a machine whose Node is older than the project's: clones this
// repository (its committed HEAD, or `--ref <commit>`) into a temporary folder, puts a Node 20
// first on PATH (the machine's own where it has one, else node-<platform>-<arch>@20 from the npm
// registry), runs `npm install` and `npm start` as a user would, signs in with the printed
// credentials through the API, then stops the server with SIGTERM and expects a clean exit.
//
//   node scripts/check-fresh-clone.mjs [--ref <commit>] [--keep]
//
// CI runs it (.ci/run). Plain JavaScript: it runs on the old Node too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const argValue = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const ref = argValue('--ref');
const keep = process.argv.includes('--keep');
const INSTALL_TIMEOUT_MS = 20 * 60_000;
const START_TIMEOUT_MS = 10 * 60_000;
const STOP_TIMEOUT_MS = 30_000;

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const log = (line) =>
  console.log(`[clon nuevo ${String(Math.round((Date.now() - started) / 1000)).padStart(3)} s] ${line}`);
const work = mkdtempSync(join(tmpdir(), 'mostrador-fresh-'));
const clone = join(work, 'mostrador');
let startProcess;

function fail(message, output = '') {
  const tail = output.trim().split('\n').slice(-60).join('\n');
  console.error(`\n[clon nuevo] FALLÓ: ${message}${tail ? `\n--- últimas líneas ---\n${tail}\n---` : ''}`);
  cleanup(true);
  process.exit(1);
}

function cleanup(failed = false) {
  // Whatever is left of npm start's process group (a server outlives its npm if its shell died).
  if (startProcess) {
    try {
      process.kill(-startProcess.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (keep) log(`se conserva ${work}`);
  else {
    rmSync(work, { recursive: true, force: true, maxRetries: 3 });
    log(`carpeta temporal borrada`);
  }
  if (failed && !keep) log('(--keep conserva la carpeta para revisarla)');
}

function git(args, cwd) {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) fail(`git ${args.join(' ')}`, `${result.stdout}${result.stderr}`);
  return result.stdout.trim();
}

function nodeVersion(bin) {
  const result = spawnSync(bin, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** A Node 20 to put first on PATH: the machine's own (/usr/bin/node, or any on PATH older than 22), else fetched. */
function oldNode(env) {
  const candidates = ['/usr/bin/node', ...(env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'node'))];
  for (const bin of candidates) {
    const version = existsSync(bin) ? nodeVersion(bin) : null;
    if (version && Number(version.split('.')[0]) < 22) return { bin, version, fetched: false };
  }
  const os = process.platform === 'win32' ? 'win' : process.platform;
  const name = `node-${os}-${process.arch}`;
  const prefix = join(work, 'node20');
  const install = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', `${name}@20`],
    { encoding: 'utf8', env },
  );
  const bin = join(prefix, 'node_modules', name, 'bin', 'node');
  const version = install.status === 0 ? nodeVersion(bin) : null;
  if (!version) fail(`no se pudo obtener ${name}@20 del registro de npm`, `${install.stdout}${install.stderr}`);
  return { bin, version, fetched: true };
}

/** The environment of a user's shell: none of this process's npm or launcher variables. */
function userEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      /^(npm_(lifecycle|package|node|execpath|command)|npm_config_(nodedir|workspaces?|prefix|local_prefix|global))/i.test(
        key,
      )
    )
      delete env[key];
    if (/^(MOSTRADOR_NODE.*|NODE|INIT_CWD)$/.test(key)) delete env[key];
    // The server's settings: the defaults a user gets (SQLite in ./data of the clone).
    if (
      /^(DATABASE_URL|DATA_DIR|UPLOAD_DIR|BACKUP_DIR|WEB_DIST|JWT_SECRET|ADMIN_EMAIL|ADMIN_PASSWORD|PORT|HOST)$/.test(
        key,
      )
    )
      delete env[key];
  }
  return env;
}

function run(command, args, env, timeoutMs, logFile) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: clone, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      writeFileSync(logFile, output);
      resolve({ code, signal, output });
    });
  });
}

/** The processes in a process group (Linux: /proc), with their arguments. */
function groupProcesses(pgid) {
  if (!existsSync('/proc/self/stat')) return [];
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields: state, ppid, pgrp…; a zombie has ended and waits only for its parent to notice.
      if (Number(fields[2]) !== pgid || fields[0] === 'Z') continue;
      found.push({ pid: Number(entry), argv: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0') });
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

// 1. The clone.
git(['clone', '--quiet', ROOT, clone]);
if (ref) git(['checkout', '--quiet', '--detach', git(['rev-parse', '--verify', `${ref}^{commit}`], ROOT)], clone);
const commit = git(['log', '-1', '--format=%h %s'], clone);
log(`clonado en ${clone} (${commit.slice(0, 72)})`);

// 2. Node 20 first on PATH.
const base = userEnv();
const old = oldNode(base);
const env = { ...base, PATH: [dirname(old.bin), base.PATH].filter(Boolean).join(delimiter) };
const onPath = spawnSync('node', ['-p', 'process.versions.node'], { env, encoding: 'utf8' }).stdout?.trim();
if (onPath !== old.version) fail(`el node en PATH es ${onPath}, no ${old.version}`);
log(`Node ${old.version} primero en PATH (${old.fetched ? 'descargado del registro' : old.bin})`);

// 3. npm install.
let step = Date.now();
const install = await run('npm', ['install'], env, INSTALL_TIMEOUT_MS, join(work, 'npm-install.log'));
if (install.code !== 0) fail(`npm install terminó con ${install.code ?? install.signal}`, install.output);
const installTime = seconds(step);
log(`npm install: ${installTime}`);
for (const line of install.output.split('\n').filter((l) => /\.node\//.test(l))) log(`  ${line.trim()}`);

// 4. npm start, in a process group of its own, until it prints where to sign in.
step = Date.now();
const startEnv = { ...env, PORT: '0', HOST: '127.0.0.1' };
startProcess = spawn('npm', ['start'], {
  cwd: clone,
  env: startEnv,
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
let output = '';
// Its last output comes with 'close', but a server left behind would hold the pipes open: 'exit'
// and at most 2 s more.
const exited = new Promise((resolve) =>
  startProcess.on('exit', (code, signal) => {
    setTimeout(() => resolve({ code, signal }), 2000);
    startProcess.on('close', () => resolve({ code, signal }));
  }),
);
const ready = new Promise((resolve) => {
  const onData = (chunk) => {
    output += chunk;
    const url = /Mostrador está listo: (http:\/\/\S+)/.exec(output)?.[1];
    const email = /Primer administrador: (\S+)/.exec(output)?.[1];
    const password = /Contraseña \(se muestra solo esta vez\): (\S+)/.exec(output)?.[1];
    if (url && email && password) resolve({ url, email, password });
  };
  startProcess.stdout.on('data', onData);
  startProcess.stderr.on('data', onData);
});
const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), START_TIMEOUT_MS).unref());
const first = await Promise.race([ready, exited.then((end) => ({ end })), timeout]);
if (first === 'timeout') fail('npm start no imprimió la dirección a tiempo', output);
if (first.end) {
  const { code, signal } = first.end;
  fail(`npm start terminó antes de estar listo (${signal ?? `código ${code}`})`, output);
}
const startTime = seconds(step);
log(`npm start: listo en ${startTime} en ${first.url}`);
const using = /Usando Node \S+ en \.node\/.*/.exec(output)?.[0];
if (!using) fail('npm start no dijo con qué Node corre ("Usando Node … en .node/")', output);
log(`  ${using}`);

// 5. Sign in with the printed credentials, through the API.
const port = new URL(first.url).port;
const api = `http://127.0.0.1:${port}/api`;
const login = await fetch(`${api}/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: first.email, password: first.password }),
});
const session = await login.json().catch(() => ({}));
if (login.status !== 200 || typeof session.accessToken !== 'string' || session.accessToken.length < 20) {
  fail(`el inicio de sesión respondió ${login.status}: ${JSON.stringify(session).slice(0, 300)}`, output);
}
const me = await fetch(`${api}/auth/validateToken`, { headers: { authorization: `Bearer ${session.accessToken}` } });
const user = (await me.json().catch(() => ({}))).user;
if (me.status !== 200 || user?.email !== first.email) fail(`validateToken respondió ${me.status}`, output);
const page = await fetch(`http://127.0.0.1:${port}/`);
if (page.status !== 200 || !/<html/i.test(await page.text()))
  fail(`la página de inicio respondió ${page.status}`, output);
log(`sesión iniciada como ${user.email} (${user.role}); la aplicación web responde`);

// 6. SIGTERM to the server (as a service manager stops it); npm start must then end cleanly.
// The server is the `node apps/server/dist/server.js` process, not the shell that started it.
const server = groupProcesses(startProcess.pid).find(
  (p) => /(^|\/)node(\.exe)?$/.test(p.argv[0] ?? '') && p.argv[1] === 'apps/server/dist/server.js',
);
if (server) process.kill(server.pid, 'SIGTERM');
else process.kill(-startProcess.pid, 'SIGTERM');
const end = await Promise.race([
  exited,
  new Promise((resolve) => setTimeout(() => resolve(null), STOP_TIMEOUT_MS).unref()),
]);
writeFileSync(join(work, 'npm-start.log'), output);
if (!end) fail('el servidor no terminó tras SIGTERM', output);
if (server ? end.code !== 0 : end.code !== 0 && end.signal !== 'SIGTERM') {
  fail(`npm start terminó con ${end.signal ?? `código ${end.code}`} tras SIGTERM`, output);
}
if (/Segmentation fault|core dumped|SIGSEGV/.test(output)) fail('hubo un fallo de segmentación', output);
let left = groupProcesses(startProcess.pid);
for (let i = 0; i < 50 && left.length > 0; i++) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  left = groupProcesses(startProcess.pid);
}
if (left.length > 0) fail(`quedaron procesos: ${left.map((p) => `${p.pid} ${p.argv.join(' ')}`).join('; ')}`, output);
log(`servidor detenido con SIGTERM${server ? ` (pid ${server.pid})` : ''}; npm start terminó con código ${end.code}`);

cleanup();
log(`OK con Node ${old.version}: npm install ${installTime}, npm start ${startTime}; total ${seconds(started)}`);
process.exit(0);
