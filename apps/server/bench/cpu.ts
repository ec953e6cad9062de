import { readdirSync, readFileSync } from 'node:fs';

// CPU time spent by each side of a load, read from Linux's /proc: this process (the load
// generator, or the service itself for the storage limit), the server's process, and every
// PostgreSQL process. Per sale, it says where a sale's cost goes on a machine whose cores all of
// them share. Elsewhere than Linux it reads nothing (null).

/** CPU milliseconds so far, by side; null where /proc is not there. */
export interface CpuSnapshot {
  bench: number;
  server: number | null;
  postgres: number | null;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

function ticksOf(pid: number | string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces; the fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  } catch {
    return null;
  }
}

function postgresTicks(): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let total = 0;
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    total += ticksOf(pid) ?? 0;
  }
  return total;
}

export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot {
  const { user, system } = process.cpuUsage();
  const server = serverPid === undefined ? null : ticksOf(serverPid);
  const postgres = postgresTicks();
  return {
    bench: (user + system) / 1000,
    server: server === null ? null : server * TICK_MS,
    postgres: postgres === null ? null : postgres * TICK_MS,
  };
}

export function cpuSince(start: CpuSnapshot, serverPid: number | undefined): CpuSnapshot {
  const now = cpuSnapshot(serverPid);
  const minus = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
  return {
    bench: now.bench - start.bench,
    server: minus(now.server, start.server),
    postgres: minus(now.postgres, start.postgres),
  };
}

export function addCpu(a: CpuSnapshot, b: CpuSnapshot): CpuSnapshot {
  const plus = (x: number | null, y: number | null) => (x === null || y === null ? null : x + y);
  return { bench: a.bench + b.bench, server: plus(a.server, b.server), postgres: plus(a.postgres, b.postgres) };
}

export const NO_CPU: CpuSnapshot = { bench: 0, server: 0, postgres: 0 };
