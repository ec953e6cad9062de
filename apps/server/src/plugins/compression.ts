import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses answers worth it: JSON (a page of 1,000 receipts is about 0.8 MB), the web app's
 * scripts and styles. PDFs and images are already compressed and go as they are (the types
 * mime-db does not call compressible are skipped). Brotli at its fast level 4 first, gzip for
 * the rest; zstd is left out while Node calls it experimental. Request bodies are not
 * decompressed: no client of ours sends them compressed.
 */
async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  });
}

export default fp(compressionPlugin, { name: 'compression' });
