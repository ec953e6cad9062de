// The import's parsing thread: reads and checks one uploaded file, posts the result and ends.
// Started by parse-in-worker.ts, with its own memory limits, so a file that would take the
// server's memory or time takes only this thread's.
import { parentPort, workerData } from 'node:worker_threads';
import { parseClients } from './import-clients.js';
import { parseProducts } from './import-products.js';
import { parseSuppliers } from './import-suppliers.js';
import type { ParseJob } from './parse-in-worker.js';

const { kind, data } = workerData as ParseJob;
const file = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
const PARSERS = { products: parseProducts, clients: parseClients, suppliers: parseSuppliers };
parentPort!.postMessage(await PARSERS[kind](file));
