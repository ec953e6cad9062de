// HTTP load with autocannon, with exact latency percentiles taken from every response.
import { createRequire } from 'node:module';

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, time: number) => void): void;
  on(event: 'done', listener: (result: { duration: number; errors: number; timeouts: number }) => void): void;
  stop(): void;
}
type Autocannon = (
  options: {
    url: string;
    connections: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests: AutocannonRequest[];
  },
  callback: (error: Error | null, result: { duration: number; errors: number; timeouts: number }) => void,
) => AutocannonInstance;

// autocannon ships CommonJS without types.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** A fresh body for every request. */
  body?: () => string;
  connections: number;
  /** Seconds; or `amount` requests in all. */
  duration?: number;
  amount?: number;
  /** Also receives every answer's latency (several loads summarised together). */
  times?: number[];
}

export interface LoadResult {
  connections: number;
  seconds: number;
  requests: number;
  /** 2xx answers per second. */
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<number, number>;
  /** Latency percentiles of every answer, ms. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  /** Mean response size, bytes. */
  bytes: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function summarize(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    mean: sorted.reduce((sum, t) => sum + t, 0) / Math.max(1, sorted.length),
  };
}

/** What a closed loop measured: its operations per second and their latencies. */
export interface ClosedLoopResult {
  concurrency: number;
  seconds: number;
  ok: number;
  failed: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** One caller of a closed loop: `next()` prepares a call (untimed) and returns it (timed). */
export interface ClosedLoopCaller {
  next(): () => Promise<unknown>;
  close?(): void;
}

/**
 * Load without HTTP: `concurrency` callers, each making its calls back to back until the deadline,
 * `warmupSeconds` unmeasured and then `seconds` measured. A call may complete `perCall` operations
 * at once (a batch); each counts with the call's latency.
 */
export async function closedLoop({
  concurrency,
  warmupSeconds,
  seconds,
  perCall = 1,
  open,
  times: allTimes,
}: {
  concurrency: number;
  warmupSeconds: number;
  seconds: number;
  perCall?: number;
  open: () => Promise<ClosedLoopCaller> | ClosedLoopCaller;
  /** Also receives every measured call's latency (several loops summarised together). */
  times?: number[];
}): Promise<ClosedLoopResult> {
  const phase = async (ms: number) => {
    const times: number[] = [];
    let failed = 0;
    const started = performance.now();
    const deadline = started + ms;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const caller = await open();
        try {
          while (performance.now() < deadline) {
            const call = caller.next();
            const t0 = performance.now();
            try {
              await call();
              const ms = performance.now() - t0;
              for (let i = 0; i < perCall; i += 1) times.push(ms);
            } catch {
              failed += perCall;
            }
          }
        } finally {
          caller.close?.();
        }
      }),
    );
    return { times, failed, seconds: (performance.now() - started) / 1000 };
  };
  if (warmupSeconds > 0) await phase(warmupSeconds * 1000);
  const { times, failed, seconds: elapsed } = await phase(seconds * 1000);
  if (allTimes) for (const time of times) allTimes.push(time);
  const stats = summarize(times);
  return {
    concurrency,
    seconds: elapsed,
    ok: times.length,
    failed,
    rps: times.length / elapsed,
    p50: stats.p50,
    p95: stats.p95,
    p99: stats.p99,
  };
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const times: number[] = [];
  const statusCodes: Record<number, number> = {};
  let bytes = 0;
  const headers = {
    ...(options.body ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  };
  const makeBody = options.body;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 10 }),
        timeout: 30,
        headers,
        requests: [
          {
            method: options.method ?? 'GET',
            path: options.path,
            ...(makeBody
              ? {
                  setupRequest: (request: AutocannonRequest) => ({ ...request, body: makeBody() }),
                }
              : {}),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const ok = Object.entries(statusCodes)
          .filter(([code]) => Number(code) >= 200 && Number(code) < 300)
          .reduce((sum, [, count]) => sum + count, 0);
        resolve({
          connections: options.connections,
          seconds: result.duration,
          requests: times.length,
          rps: ok / result.duration,
          ok,
          non2xx: times.length - ok,
          errors: result.errors,
          statusCodes,
          ...summarize(times),
          bytes: bytes / Math.max(1, times.length),
        });
      },
    );
    instance.on('response', (_client, statusCode, responseBytes, time) => {
      times.push(time);
      options.times?.push(time);
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
      bytes += responseBytes;
    });
  });
}
