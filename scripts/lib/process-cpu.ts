import { readdirSync, readFileSync } from 'node:fs';

/** Kernel clock ticks per second for /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system, in µs) a process has used so far; Linux only. */
export function cpuMicrosOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / TICKS_PER_SECOND;
}

/** CPU used so far by each process on this machine whose command name starts with `prefix` (µs by pid). */
export function cpuOfProcessesNamed(prefix: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith(prefix)) continue;
      found.set(Number(entry), cpuMicrosOf(Number(entry)));
    } catch {
      // exited between the listing and the read
    }
  }
  return found;
}

/** µs of CPU between two readings of cpuOfProcessesNamed(); processes that started in between count from their first reading. */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let micros = 0;
  for (const [pid, value] of after) micros += value - (before.get(pid) ?? value);
  return micros;
}
