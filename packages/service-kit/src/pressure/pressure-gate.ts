import type { Challenge } from 'altcha-lib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pressureAddressKeys } from './address-keys.ts';
import type { PressureBudget, PressureKind } from './pressure-budget.ts';
import type { ProofOfWork, VerifyOutcome } from './proof-of-work.ts';

/** The header a client sends its answer in: base64 of JSON `{ challenge, solution }`. */
export const PROOF_OF_WORK_HEADER = 'x-proof-of-work';
/**
 * 428 Precondition Required: the call is fine but needs a precondition (the answer) first. Not 429,
 * which tells clients to back off; not 403, which the site uses for "you may not". No other answer
 * of the site uses 428, so the web app recognises it by status and code alone.
 */
export const PROOF_OF_WORK_STATUS = 428;
export const PROOF_OF_WORK_MESSAGE = 'Please wait while your browser confirms this request.';
export const PROOF_OF_WORK_CODE = 'proof_of_work_required';

export interface ProofOfWorkRequired {
  status: typeof PROOF_OF_WORK_STATUS;
  body: { message: string; code: typeof PROOF_OF_WORK_CODE; challenge: Challenge };
  /** Why an answer sent along was refused, for logs and tests (undefined: none was sent). */
  refused?: Exclude<VerifyOutcome, 'ok'>;
}

/**
 * The rule "identities that cost something under pressure": within its budget an address passes
 * untouched; beyond it, the call needs an answer to a challenge whose work grows with the level.
 */
export class PressureGate {
  constructor(
    private readonly budget: PressureBudget,
    private readonly proofOfWork: ProofOfWork,
  ) {}

  /**
   * Answers undefined (let the call through) or the 428 answer to send. A call with a valid,
   * unused answer passes without being counted again: it was counted when the 428 that carried its
   * challenge was sent, at that count's level, so every call is counted once whether it is solved
   * or not, and a contact centre's repeated calls do not raise the pressure on each other. Any other
   * call is counted; within the budget it passes (an unusable answer sent along is ignored).
   */
  async check(kind: PressureKind, ip: string, answer: string | undefined): Promise<ProofOfWorkRequired | undefined> {
    const { address } = pressureAddressKeys(ip);
    let refused: Exclude<VerifyOutcome, 'ok'> | undefined;
    if (answer !== undefined) {
      // Any level: the challenge's level was the one of the count it was issued at.
      const outcome = await this.proofOfWork.verify(answer, kind, address, 1);
      if (outcome === 'ok') return undefined;
      refused = outcome;
    }
    const level = await this.budget.count(kind, ip);
    if (level === 0) return undefined;
    const challenge = await this.proofOfWork.issue(kind, address, level);
    return {
      status: PROOF_OF_WORK_STATUS,
      body: { message: PROOF_OF_WORK_MESSAGE, code: PROOF_OF_WORK_CODE, challenge },
      ...(refused ? { refused } : {}),
    };
  }

  /** A Fastify preHandler for the routes of one kind: `preHandler: gate.hook('write')`. */
  hook(kind: PressureKind) {
    return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const header = request.headers[PROOF_OF_WORK_HEADER];
      const required = await this.check(kind, request.ip, Array.isArray(header) ? header[0] : header);
      if (required) await reply.code(required.status).send(required.body);
    };
  }
}
