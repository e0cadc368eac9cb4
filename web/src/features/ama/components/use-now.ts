import { useEffect, useState } from 'react';

/** The clock, re-read every `intervalMs`, so display statuses move on while the page is open (§4). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
