import type { Challenge } from 'altcha-lib';

/**
 * The server's side of the exchange (packages/service-kit/src/pressure/pressure-gate.ts; a test
 * checks both say the same): an answer with this status and code carries a challenge, and the
 * client repeats the call with the solution in this header.
 */
export const PROOF_OF_WORK_STATUS = 428;
export const PROOF_OF_WORK_CODE = 'proof_of_work_required';
export const PROOF_OF_WORK_HEADER = 'x-proof-of-work';

export interface ProofOfWorkRequiredBody {
  message: string;
  code: typeof PROOF_OF_WORK_CODE;
  challenge: Challenge;
}

/** True for the body of an answer that asks for a proof of work. */
export function isProofOfWorkRequired(status: number, body: unknown): body is ProofOfWorkRequiredBody {
  if (status !== PROOF_OF_WORK_STATUS || typeof body !== 'object' || body === null) return false;
  const { code, challenge } = body as Partial<ProofOfWorkRequiredBody>;
  return code === PROOF_OF_WORK_CODE && typeof challenge?.parameters === 'object';
}

/** Messages between the page and the worker. */
export type WorkerRequest = { type: 'solve'; challenge: Challenge };
export type WorkerReply =
  | { type: 'progress'; fraction: number }
  | { type: 'solved'; header: string }
  | { type: 'failed'; message: string };
