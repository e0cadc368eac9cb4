/// <reference lib="webworker" />
import type { WorkerReply, WorkerRequest } from './protocol.ts';
import { solveProofOfWork } from './solve.ts';

// The Web Worker solveInWorker starts: one challenge per worker, then it is terminated.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (message: WorkerReply) => scope.postMessage(message);

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  if (event.data.type !== 'solve') return;
  solveProofOfWork(event.data.challenge, (fraction) => reply({ type: 'progress', fraction }))
    .then((header) => reply({ type: 'solved', header }))
    .catch((error: unknown) => reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) }));
};
