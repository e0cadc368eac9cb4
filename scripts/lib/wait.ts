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

/** Waits for a process's readiness URL, failing at once if the process exits first. */
export function waitForProcessReady(name: string, child: ChildProcess, url: string, timeoutMs?: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${name} exited with code ${code} before it was ready`));
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
