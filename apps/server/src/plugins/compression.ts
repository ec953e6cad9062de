import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const ENCODINGS: Array<'br' | 'gzip'> = ['br', 'gzip'];

/**
 * Compresses answers worth it: JSON (a page of 1,000 receipts is most of a megabyte;
 * docs/benchmarks.md), the web app's scripts and styles. PDFs and images are already compressed and
 * go as they are (the types mime-db does not call compressible are skipped). Brotli at its fast
 * level 4 first, gzip for the rest; zstd is left out while Node calls it experimental. Request
 * bodies are not decompressed: no client of ours sends them compressed.
 */
async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ENCODINGS,
    threshold: 1024,
    globalDecompression: false,
  });
}

/**
 * For a route whose answers are mostly a few KB and asked for many times a second (a sale's
 * receipt): compressing a small answer costs the server's one thread more than it saves (brotli or
 * gzip setting up for a small input; docs/benchmarks.md), since the answer leaves in TCP's first
 * flight of packets either way. Bigger answers are still compressed.
 */
export const COMPRESS_FROM_8_KB = { encodings: ENCODINGS, threshold: 8 * 1024 };

export default fp(compressionPlugin, { name: 'compression' });
