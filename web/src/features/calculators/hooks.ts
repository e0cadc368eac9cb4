import { useState } from 'react';
import { useSearchParams } from '../../lib/router.tsx';

/**
 * Text fields of one calculator, seeded from the address (a calculation card's "Open in
 * calculator" link) or else from the defaults.
 */
export function useCalculatorFields<K extends string>(defaults: Record<K, string>) {
  const [searchParams] = useSearchParams();
  const [seeded] = useState(() => Object.keys(defaults).some((key) => searchParams.has(key)));
  const [fields, setFields] = useState<Record<K, string>>(() => {
    const initial = { ...defaults };
    for (const key of Object.keys(defaults) as K[]) {
      const value = searchParams.get(key);
      if (value !== null) initial[key] = value.slice(0, 30);
    }
    return initial;
  });
  const set = (key: K) => (value: string) => setFields((current) => ({ ...current, [key]: value }));
  return { fields, set, seeded };
}
