import { useEffect, useState, useSyncExternalStore } from 'react';
import { PROOF_OF_WORK_NOTICE_MS, proofOfWorkPending, subscribeProofOfWork } from '../../lib/proof-of-work.ts';

/**
 * A polite status while the browser confirms a call (lib/proof-of-work.ts) for longer than
 * PROOF_OF_WORK_NOTICE_MS: the visitor waits, does nothing, and is told why.
 */
export function ProofOfWorkStatus() {
  const pending = useSyncExternalStore(subscribeProofOfWork, proofOfWorkPending, () => 0);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (pending === 0) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), PROOF_OF_WORK_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  // The live region is there from the start of the work (so the text that appears after
  // PROOF_OF_WORK_NOTICE_MS is announced) and gone after, leaving the page's own statuses alone.
  if (pending === 0) return null;
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center lg:bottom-6">
      {shown && (
        <span className="rounded-md bg-foreground px-3 py-2 text-sm text-background shadow">Confirming your request…</span>
      )}
    </div>
  );
}
