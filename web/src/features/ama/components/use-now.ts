import { useEffect, useState } from 'react';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { pageRenderTime } from '../../../lib/page-time.ts';

/**
 * The clock, re-read every `intervalMs`, so display statuses move on while the page is open (§4).
 * While the server renders and the browser hydrates, it is the page's render time (lib/page-time.ts):
 * a cached page made before a session started hydrates as it was made, then shows the status now.
 */
export function useNow(intervalMs = 30_000): number {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => (hydrated ? Date.now() : pageRenderTime()));
  useEffect(() => {
    if (!hydrated) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [hydrated, intervalMs]);
  return now;
}
