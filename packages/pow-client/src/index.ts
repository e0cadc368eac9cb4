import type { Challenge } from 'altcha-lib';
import {
  isProofOfWorkRequired,
  PROOF_OF_WORK_HEADER,
  type WorkerReply,
  type WorkerRequest,
} from './protocol.ts';

export {
  isProofOfWorkRequired,
  PROOF_OF_WORK_CODE,
  PROOF_OF_WORK_HEADER,
  PROOF_OF_WORK_STATUS,
  type ProofOfWorkRequiredBody,
} from './protocol.ts';
export { solveProofOfWork } from './solve.ts';

export interface SolveOptions {
  /** Fraction 0..1 of the challenge searched, a few times a second. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Starts the worker (tests, or a bundler that wants its own URL). */
  createWorker?: () => Worker;
}

const defaultWorker = () => new Worker(new URL('./pow-worker.ts', import.meta.url), { type: 'module' });

/** Solves a challenge in a Web Worker (the page stays responsive) and resolves to the header value. */
export function solveInWorker(challenge: Challenge, options: SolveOptions = {}): Promise<string> {
  const worker = (options.createWorker ?? defaultWorker)();
  return new Promise<string>((resolve, reject) => {
    const finish = () => {
      worker.terminate();
      options.signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      finish();
      reject(new DOMException('The proof of work was cancelled.', 'AbortError'));
    };
    if (options.signal?.aborted) return abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const message = event.data;
      if (message.type === 'progress') options.onProgress?.(message.fraction);
      else {
        finish();
        if (message.type === 'solved') resolve(message.header);
        else reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'The proof-of-work worker failed.'));
    };
    worker.postMessage({ type: 'solve', challenge } satisfies WorkerRequest);
  });
}

/**
 * fetch that answers a proof-of-work request by itself: on a 428 with a challenge it solves it in a
 * worker and repeats the call once with the answer in x-proof-of-work. The visitor sees nothing
 * but `onProgress`. The request body must be repeatable (a string, not a stream).
 */
export async function fetchWithProofOfWork(
  input: string | URL,
  init: RequestInit = {},
  options: SolveOptions & { fetch?: typeof fetch } = {},
): Promise<Response> {
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(input, init);
  if (response.status !== 428) return response;
  const body: unknown = await response.clone().json().catch(() => undefined);
  if (!isProofOfWorkRequired(response.status, body)) return response;
  const header = await solveInWorker(body.challenge, options);
  const headers = new Headers(init.headers);
  headers.set(PROOF_OF_WORK_HEADER, header);
  return doFetch(input, { ...init, headers });
}
