import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/errors.js';

/**
 * Serves the built single-page app for every path outside /api, with history fallback
 * (a reload on /clients/7 gets index.html). Unknown /api paths answer a JSON 404.
 */
async function webPlugin(app: FastifyInstance, { root }: { root: string }) {
  const built = existsSync(join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        const hashed = path.includes(`${join(root, 'assets')}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  let loader = { mtimeMs: -1, hashes: [] as string[] };
  const loaderHashes = () => {
    const mtimeMs = statSync(join(root, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (mtimeMs !== loader.mtimeMs) loader = { mtimeMs, hashes: inlineScriptHashes(root) };
    return loader.hashes;
  };

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
      throw notFound('Ruta no encontrada.');
    }
    // A missing file (an old chunk after a redeploy) is a 404: index.html in its place would be
    // run as a script and fail obscurely; the app reloads itself when a chunk is missing.
    if (looksLikeFile(path)) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('No encontrado.');
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('La aplicación web no está compilada. Ejecuta "npm run build" o usa "npm start".');
    }
    // A web build replaced under a running server brings a new loader: its hash, not start-up's.
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', withScriptHashes(csp, loaderHashes()));
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

/**
 * The Content-Security-Policy sources (`'sha256-…'`) of index.html's inline scripts: the built
 * index.html has one, the loader that starts the app's files once the splash has painted
 * (apps/web/vite.config.ts). None when the app is not built. Every answer's policy has those of
 * start-up; index.html's own answer has those of the file being sent.
 */
export function inlineScriptHashes(root: string): string[] {
  const file = join(root, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`,
  );
}

/** The policy with its `script-src` hashes replaced by `hashes` (its other sources kept). */
function withScriptHashes(policy: string, hashes: string[]): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'script-src') return directive;
      return [name, ...sources.filter((source) => !source.startsWith("'sha256-")), ...hashes].join(' ');
    })
    .join(';');
}

const ASSET_EXTENSION = /\.(js|mjs|css|map|png|jpe?g|webp|gif|svg|ico|woff2?|ttf|json|txt|webmanifest)$/i;

/** Asset paths (`/assets/…`, `/favicon.svg`) as opposed to the app's own routes (`/clients/7`). */
function looksLikeFile(path: string): boolean {
  return path.startsWith('/assets/') || ASSET_EXTENSION.test(path);
}

export default fp(webPlugin, { name: 'web' });
