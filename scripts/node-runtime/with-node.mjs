// `node scripts/node-runtime/with-node.mjs <command> [args…]`: runs the command on the Node that
// runs Mostrador (the machine's when >= 22.12, else .node/'s), first on PATH so every nested
// `node`, `npm`, tsx, vitest, Playwright and `process.execPath` spawn uses it too. Before that,
// better-sqlite3 is opened under that Node in a child: a native module built for another Node
// stops here with a message instead of a segfault later. The npm scripts that run the server or
// the tests go through here.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { atLeast, CHOSEN_ENV, envFor, explain, localNode, majorMinor, MINIMUM, probe, usingLine } from './runtime.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Uso: node scripts/node-runtime/with-node.mjs <comando> [argumentos…]');
  process.exit(2);
}

function chooseNode() {
  // A launcher inside another (npm test → npm run test:unit) finds the choice already made.
  if (process.env[CHOSEN_ENV] === process.execPath) return { bin: process.execPath, checked: true };
  if (atLeast(process.versions.node)) return { bin: process.execPath };
  const local = localNode();
  if (!local || !atLeast(local.version)) {
    console.error(
      explain({
        found: process.versions.node,
        foundAt: process.execPath,
        es: `Este Node es anterior a ${majorMinor(MINIMUM)} y falta el Node 24 que \`npm install\` descarga en .node/ (¿se instaló con otro Node?).`,
        en: `This Node is older than ${majorMinor(MINIMUM)} and the Node 24 that \`npm install\` fetches into .node/ is missing (installed with another Node?).`,
        retry: 'npm install',
      }),
    );
    process.exit(1);
  }
  console.error(usingLine(local));
  return local;
}

const node = chooseNode();
const env = node.checked ? process.env : envFor(node);
if (!node.checked) {
  const result = probe(node.bin, env);
  if (!result.ok) {
    console.error(
      explain({
        found: node.version ?? process.versions.node,
        foundAt: node.bin,
        es: result.es,
        en: result.en,
        native: !result.missing,
        // Dependencies installed (or a module compiled) with another Node: install again with this one.
        retry: result.missing ? 'npm install' : 'npm rebuild better-sqlite3   (o / or: npm install)',
      }),
    );
    process.exit(1);
  }
}

// `npm` is the npm running this script (npm_execpath), now on the chosen Node; `node` is that Node.
const npmCli = process.env.npm_execpath;
const [file, argv] =
  command === 'node'
    ? [node.bin, args]
    : command === 'npm' && npmCli && /\.[cm]?js$/.test(npmCli)
      ? [node.bin, [npmCli, ...args]]
      : [command, args];
const child = spawn(file, argv, { stdio: 'inherit', env, shell: process.platform === 'win32' && file === command });

// Like npm: a signal for this process goes on to the command (each kind once: a terminal's
// Ctrl+C already reaches the whole process group), and its end is ours.
const forwarded = new Set();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (forwarded.has(signal) || child.exitCode !== null || child.signalCode !== null) return;
    forwarded.add(signal);
    child.kill(signal);
  });
}
child.on('error', (error) => {
  console.error(`No se pudo ejecutar ${command}: ${error.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    setTimeout(() => process.exit(128 + (constants.signals[signal] ?? 0)), 100);
  } else process.exit(code ?? 1);
});
