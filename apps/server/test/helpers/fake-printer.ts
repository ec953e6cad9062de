import { createServer, type Server } from 'node:net';
import { COMMANDS } from '../../src/modules/printing/escpos.js';

// A thermal printer stood in for by a listener on 127.0.0.1, and the printed text read back
// from the bytes it received (the printing tests share them).

const ESC = 0x1b;
/** ESC p 0 25 250: the cash drawer's pulse, sent alone after a cash sale and a shift's close. */
export const DRAWER_KICK = Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]);

/**
 * A printer on 127.0.0.1: each connection's bytes, once the sender closed it. Drawer kicks
 * (fire-and-forget, in their own connection) are kept apart, so `jobs` holds the printed tickets.
 */
export class FakePrinter {
  readonly jobs: Buffer[] = [];
  readonly kicks: Buffer[] = [];
  private waiting: (() => void)[] = [];
  private server: Server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      const job = Buffer.concat(chunks);
      (job.equals(DRAWER_KICK) ? this.kicks : this.jobs).push(job);
      socket.end();
      for (const wake of this.waiting.splice(0)) wake();
    });
  });
  /** The drawer kick number `n` (1-based), once it has arrived. */
  async kick(n: number): Promise<Buffer> {
    while (this.kicks.length < n) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.kicks[n - 1]!;
  }
  /** The job number `n` (1-based), once it has fully arrived. */
  async job(n: number): Promise<Buffer> {
    while (this.jobs.length < n) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.jobs[n - 1]!;
  }
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    return `tcp://127.0.0.1:${address.port}`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The printed lines: commands removed, CP850 decoded back (enough for the letters used here). */
export function printedLines(job: Buffer): string[] {
  const commands = [...Object.values(COMMANDS).map((c) => Buffer.from(c)), Buffer.from([ESC, 0x74, 2])].sort(
    (a, b) => b.length - a.length,
  );
  const text: number[] = [];
  for (let i = 0; i < job.length;) {
    const command = commands.find((c) => job.subarray(i, i + c.length).equals(c));
    if (command) {
      i += command.length;
      continue;
    }
    text.push(job[i]!);
    i++;
  }
  const back: Record<number, string> = { 0xa0: 'á', 0x82: 'é', 0xa1: 'í', 0xa2: 'ó', 0xa3: 'ú', 0xa4: 'ñ', 0x81: 'ü' };
  Object.assign(back, { 0xa5: 'Ñ', 0xa8: '¿', 0xad: '¡', 0x9e: '×', 0xb5: 'Á' });
  return String.fromCharCode(...text)
    .split('')
    .map((c) => back[c.charCodeAt(0)] ?? c)
    .join('')
    .split('\n');
}
