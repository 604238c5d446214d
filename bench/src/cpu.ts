import { readdirSync, readFileSync } from 'node:fs';

/**
 * How much CPU other work took while the benchmark ran, from /proc (Linux): all CPU time spent on the machine
 * minus that of this process, its children (the server and the load generator, counted once they have been
 * waited for) and, on PostgreSQL runs, of the postgres processes.
 */
export type CpuSnapshot = { total: number; busy: number; own: number };

/** utime + stime (+ cutime + cstime: the children waited for) of a process, in clock ticks. */
function processTicks(pid: number | string): number {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14 … cstime 17.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0);
}

function postgresTicks(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') ticks += processTicks(entry);
    } catch {
      // the process has gone
    }
  }
  return ticks;
}

export function cpuSnapshot(includePostgres: boolean): CpuSnapshot | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    const idle = fields[3]! + (fields[4] ?? 0);
    const own = processTicks(process.pid) + (includePostgres ? postgresTicks() : 0);
    return { total, busy: total - idle, own };
  } catch {
    return null;
  }
}

/** The share of all CPUs (0–1) that other work used between two snapshots, or null without /proc. */
export function otherWork(before: CpuSnapshot | null, after: CpuSnapshot | null): number | null {
  if (!before || !after || after.total <= before.total) return null;
  const other = after.busy - before.busy - (after.own - before.own);
  return Math.max(0, other) / (after.total - before.total);
}
