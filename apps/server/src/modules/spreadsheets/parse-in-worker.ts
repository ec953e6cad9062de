// Parsing an import file off the main thread: one worker thread per file, with memory limits,
// so the server keeps answering while a file is read and a file too heavy to read kills only
// that thread. The worker is gone, and its memory with it, before the result is handed back.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { ImportKind } from '@mostrador/shared';
import { fileProblem, type Parsed } from './import-rows.js';

export interface ParseJob {
  kind: ImportKind;
  data: Uint8Array;
}

/**
 * The worker's heap: a file at the row limit needs a fraction of it; a file that needs more is
 * refused instead of growing the server.
 */
export const IMPORT_WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 };

export const FILE_TOO_HEAVY =
  'El archivo es demasiado grande para leerlo: necesita más memoria de la que el servidor dedica a una ' +
  'importación. Divídelo en varios archivos.';

// The bundled server (dist/server.js) has the worker bundled beside it (build.mjs); from the
// TypeScript sources (tests, npm run dev) the worker is the .ts file, loaded through tsx.
const fromSources = import.meta.url.endsWith('.ts');
const WORKER = fromSources
  ? new URL('./import-worker.ts', import.meta.url)
  : new URL('./import-worker.js', import.meta.url);
const execArgv = fromSources
  ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
  : undefined;

export function parseInWorker<T>(
  kind: ImportKind,
  data: Buffer,
  resourceLimits: ResourceLimits = IMPORT_WORKER_LIMITS,
): Promise<Parsed<T>> {
  return new Promise((resolve, reject) => {
    const job: ParseJob = { kind, data };
    const worker = new Worker(WORKER, { workerData: job, resourceLimits, execArgv });
    let parsed: Parsed<T> | undefined;
    let failure: unknown;
    worker.on('message', (message: Parsed<T>) => (parsed = message));
    worker.on('error', (error) => (failure = error));
    worker.on('exit', (code) => {
      if (parsed) resolve(parsed);
      else if ((failure as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY')
        resolve(fileProblem(FILE_TOO_HEAVY));
      else reject(failure ?? new Error(`The import's worker ended (code ${code}) without a result.`));
    });
  });
}
