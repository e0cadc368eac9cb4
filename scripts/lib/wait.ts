import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** Polls `url` until it answers 2xx or the deadline passes. */
export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = (err as Error).message;
    }
    await sleep(200);
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms (${lastError})`);
}

const OUTPUT_TAIL_LINES = 20;
const outputTails = new WeakMap<ChildProcess, string[]>();

/**
 * Keeps the last lines a child with piped stdout/stderr writes (and drains the pipes, so it never
 * blocks on them): a process that dies while starting is then reported with why it died, even
 * when its output is otherwise thrown away (tests and benches).
 */
export function keepOutputTail(child: ChildProcess): ChildProcess {
  const tail: string[] = [];
  outputTails.set(child, tail);
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      tail.push(...chunk.split('\n').filter((line) => line.trim() !== ''));
      tail.splice(0, Math.max(0, tail.length - OUTPUT_TAIL_LINES));
    });
  }
  return child;
}

/** The last lines the child wrote, when keepOutputTail follows it. */
export const outputTail = (child: ChildProcess): string[] => outputTails.get(child) ?? [];

/** Waits for a process's readiness URL, failing at once if the process exits first. */
export function waitForProcessReady(name: string, child: ChildProcess, url: string, timeoutMs?: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => {
      const tail = outputTail(child);
      const said = tail.length > 0 ? `; its last output:\n${tail.join('\n')}` : '';
      reject(new Error(`${name} exited with code ${code} before it was ready${said}`));
    };
    child.once('exit', onExit);
    waitForHttp(url, timeoutMs).then(
      () => {
        child.off('exit', onExit);
        resolve();
      },
      (err: Error) => {
        child.off('exit', onExit);
        reject(err);
      },
    );
  });
}
