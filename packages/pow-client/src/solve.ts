import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/** How often (in attempts) progress is reported. */
const PROGRESS_EVERY = 50;
/** Give up after this long: the challenge expires anyway (two minutes on the server). */
const SOLVE_TIMEOUT_MS = 110_000;

type DeriveKey = typeof deriveKey;

/**
 * PBKDF2 in plain JavaScript (@noble/hashes), for pages outside a secure context: browsers offer
 * `crypto.subtle` only on https and localhost, and a site served over plain http on another host
 * must still let a visitor past the budget (several times slower than WebCrypto, so only then).
 */
const scriptDeriveKey: DeriveKey = async (parameters, salt, password) => {
  const [{ pbkdf2Async }, { sha256 }] = await Promise.all([import('@noble/hashes/pbkdf2.js'), import('@noble/hashes/sha2.js')]);
  if (parameters.algorithm !== 'PBKDF2/SHA-256') throw new Error(`No script fallback for ${parameters.algorithm}.`);
  const derivedKey = await pbkdf2Async(sha256, password, salt, { c: parameters.cost, dkLen: parameters.keyLength ?? 32 });
  return { parameters: {}, derivedKey };
};

/** WebCrypto where the page may use it, else the script fallback. */
export function keyDeriver(subtle: unknown): DeriveKey {
  return subtle ? deriveKey : scriptDeriveKey;
}

/** base64 of UTF-8 text, in a browser, a worker or Node. */
const toBase64 = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/**
 * Solves one challenge with PBKDF2 (WebCrypto's, or the script fallback outside a secure context) (the work the server's challenge asks for) and
 * returns the header value the call is repeated with. `onProgress` gets a fraction 0..1 of the
 * challenge's counter range searched (the answer lies uniformly in it, so about 0.5 on average).
 */
export async function solveProofOfWork(
  challenge: Challenge,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
  derive: DeriveKey = keyDeriver(globalThis.crypto?.subtle),
): Promise<string> {
  const max = Number(challenge.parameters.data?.max) || 0;
  let attempts = 0;
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const counting: DeriveKey = (parameters, salt, password) => {
    attempts += 1;
    if (onProgress && max > 0 && attempts % PROGRESS_EVERY === 0) onProgress(Math.min(1, attempts / max));
    return derive(parameters, salt, password);
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
