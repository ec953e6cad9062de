import { dirname, relative, resolve, sep } from 'node:path';

// The server's boundaries as a lint rule on relative imports (apps/server/src):
// - a module (modules/<name>/) reaches another only through that module's public entry: its
//   index.ts or a service at its root (modules/<other>/*.service.ts), or a file of ALLOWED;
// - the composition roots outside the modules (services.ts, modules/index.ts, app.ts, plugins/)
//   may also mount a module's routes (modules/<other>/*.routes.ts);
// - lib/ is what every layer may use: it imports no module and no plugin.

const SRC = resolve(import.meta.dirname, '../apps/server/src');

/** Files of a module that others may import besides its public entry (relative to src/). Keep it short. */
const ALLOWED = new Set([]);

const toPosix = (path) => path.split(sep).join('/');
const moduleOf = (rel) => {
  const parts = rel.split('/');
  return parts[0] === 'modules' && parts.length > 2 ? parts[1] : null;
};
const isPublicEntry = (rel, name, composing) =>
  rel === `modules/${name}/index.ts` ||
  new RegExp(`^modules/${name}/[^/]+\\.service\\.ts$`).test(rel) ||
  (composing && new RegExp(`^modules/${name}/[^/]+\\.routes\\.ts$`).test(rel));

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    messages: {
      internal:
        "'{{target}}' is inside the {{module}} module: import its public entry (modules/{{module}}/index.ts or a *.service.ts at its root) instead.",
      libToModule: "lib/ is shared by every layer and imports no module or plugin ('{{target}}').",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(SRC + sep)) return {};
    const from = toPosix(relative(SRC, file));
    const fromModule = moduleOf(from);
    const inLib = from.startsWith('lib/');

    function check(node) {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = toPosix(relative(SRC, resolve(dirname(file), spec))).replace(/\.js$/, '.ts');
      if (inLib && (target.startsWith('modules/') || target.startsWith('plugins/'))) {
        context.report({ node: node.source, messageId: 'libToModule', data: { target } });
        return;
      }
      const toModule = moduleOf(target);
      if (
        toModule &&
        toModule !== fromModule &&
        !isPublicEntry(target, toModule, !fromModule) &&
        !ALLOWED.has(target)
      ) {
        context.report({ node: node.source, messageId: 'internal', data: { target, module: toModule } });
      }
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'module-boundaries': rule } };
