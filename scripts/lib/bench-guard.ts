import type { ChildProcess } from 'node:child_process';

/** What one measurement must show for its figures to count. */
export interface MeasuredAnswers {
  /** Answers outside 2xx (autocannon's `non2xx`). */
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers that were 2xx but not what the run asked for (e.g. served from a cache it meant to miss). */
  unexpected?: number;
}

export interface ProcessExit {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * Why a measurement's figures cannot be trusted, or [] when they can: any non-2xx answer, any
 * connection error, any unexpected answer, or any process of the run that exited while it was
 * measured (then the requests may have been answered by something else, or not at all).
 */
export function measurementProblems(label: string, answers: MeasuredAnswers, exits: readonly ProcessExit[]): string[] {
  const problems: string[] = [];
  if (answers.non2xx > 0) problems.push(`${label}: ${answers.non2xx} answers were not 2xx`);
  if (answers.errors > 0) problems.push(`${label}: ${answers.errors} requests failed (connection errors or timeouts)`);
  if ((answers.unexpected ?? 0) > 0) problems.push(`${label}: ${answers.unexpected} answers were not the kind measured`);
  for (const exit of exits) {
    problems.push(`${exit.name} exited during the run (${exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`})`);
  }
  return problems;
}

export class BenchFailure extends Error {
  override name = 'BenchFailure';
}

/**
 * Watches every process a bench launched and checks every measurement: a bench ends with an error
 * (non-zero exit, no ratio line) instead of printing figures that measured a dead server or error
 * answers. Call `stopWatching()` before stopping the processes on purpose.
 */
export class BenchGuard {
  private readonly exits: ProcessExit[] = [];
  private readonly released = new WeakSet<ChildProcess>();
  private watching = true;

  watch(name: string, child: ChildProcess): void {
    if (child.exitCode !== null || child.signalCode !== null) {
      this.exits.push({ name, code: child.exitCode, signal: child.signalCode });
      return;
    }
    child.once('exit', (code, signal) => {
      if (this.watching && !this.released.has(child)) this.exits.push({ name, code, signal });
    });
  }

  /** Stops watching one process, before it is stopped on purpose. */
  release(child: ChildProcess): void {
    this.released.add(child);
  }

  watchAll(processes: ReadonlyMap<string, ChildProcess>): void {
    for (const [name, child] of processes) this.watch(name, child);
  }

  stopWatching(): void {
    this.watching = false;
  }

  /** Throws a BenchFailure naming every problem of this measurement (see measurementProblems). */
  check(label: string, answers: MeasuredAnswers): void {
    const problems = measurementProblems(label, answers, this.exits);
    if (problems.length > 0) throw new BenchFailure(problems.join('; '));
  }

  /** Throws when a watched process has exited (before printing anything derived from the run). */
  checkAlive(): void {
    this.check('run', { non2xx: 0, errors: 0 });
  }
}
