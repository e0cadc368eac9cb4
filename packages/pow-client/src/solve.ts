import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/** How often (in attempts) progress is reported. */
const PROGRESS_EVERY = 50;
/** Give up after this long: the challenge expires anyway (two minutes on the server). */
const SOLVE_TIMEOUT_MS = 110_000;

/** base64 of UTF-8 text, in a browser, a worker or Node. */
const toBase64 = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/**
 * Solves one challenge with WebCrypto's PBKDF2 (the work the server's challenge asks for) and
 * returns the header value the call is repeated with. `onProgress` gets a fraction 0..1 of the
 * challenge's counter range searched (the answer lies uniformly in it, so about 0.5 on average).
 */
export async function solveProofOfWork(
  challenge: Challenge,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const max = Number(challenge.parameters.data?.max) || 0;
  let attempts = 0;
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const counting: typeof deriveKey = (parameters, salt, password) => {
    attempts += 1;
    if (onProgress && max > 0 && attempts % PROGRESS_EVERY === 0) onProgress(Math.min(1, attempts / max));
    return deriveKey(parameters, salt, password);
  };
  const solution = await solveChallenge({ challenge, deriveKey: counting, controller, timeout: SOLVE_TIMEOUT_MS });
  if (!solution) throw new Error(signal?.aborted ? 'The proof of work was cancelled.' : 'The proof of work took too long.');
  onProgress?.(1);
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  };
  return toBase64(JSON.stringify(payload));
}
