/**
 * The web app's side of "identities that cost something under pressure" (docs/decisions.md, "Proof
 * of work under pressure"): every call of the api client goes through fetchAnsweringProofOfWork.
 * Within its address's budget a call is one fetch, as before. A call the server answers with 428
 * `proof_of_work_required` is answered by @wfm/pow-client's fetchWithProofOfWork: the challenge is
 * solved in a Web Worker and the call repeated once with the answer, the visitor doing nothing.
 * The solver (and its worker) is loaded only then, so it is no part of any route's first bundle.
 */

/** The status of the proof of work, after this long: a quick one shows nothing. */
export const PROOF_OF_WORK_NOTICE_MS = 300;

let pending = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** For useSyncExternalStore: how many calls are being confirmed right now. */
export const proofOfWorkPending = (): number => pending;
export function subscribeProofOfWork(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * While the work runs, the control the visitor used (the focused element) says it is busy, and the
 * status (ProofOfWorkStatus) counts it.
 */
async function whileConfirming<T>(work: () => Promise<T>): Promise<T> {
  const control = typeof document === 'undefined' ? null : document.activeElement;
  const busyControl = control instanceof HTMLElement && control !== document.body ? control : null;
  busyControl?.setAttribute('aria-busy', 'true');
  pending += 1;
  notify();
  try {
    return await work();
  } finally {
    pending -= 1;
    notify();
    busyControl?.removeAttribute('aria-busy');
  }
}

const PROOF_OF_WORK_STATUS = 428;

/** fetch for the api client (createApiClient's `fetch`): answers a proof-of-work request by itself. */
export async function fetchAnsweringProofOfWork(input: URL, init: RequestInit): Promise<Response> {
  const first = await fetch(input, init);
  if (first.status !== PROOF_OF_WORK_STATUS) return first;
  return whileConfirming(async () => {
    const { fetchWithProofOfWork } = await import('@wfm/pow-client');
    // fetchWithProofOfWork makes the first call itself: it is handed the answer already received,
    // then repeats the call with the answer over the network.
    let answered = false;
    const send: typeof fetch = (again, options) => {
      if (!answered) {
        answered = true;
        return Promise.resolve(first);
      }
      return fetch(again, options);
    };
    return fetchWithProofOfWork(input, init, { fetch: send, ...(init.signal ? { signal: init.signal } : {}) });
  });
}
