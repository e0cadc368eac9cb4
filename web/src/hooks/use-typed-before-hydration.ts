import { useEffect, useRef, type RefObject } from 'react';

/**
 * A text field of a server-rendered page can be typed into before React has hydrated it: the
 * browser keeps the text, but the field's state does not know it, and React's next render of
 * the field would put the state's value back (the text lost). Once mounted, this hands what the
 * field holds to `onValue` when it differs from `value` (no lost typing, issue 27 item 3).
 * Returns the ref to put on the field.
 */
export function useTypedBeforeHydration<T extends HTMLInputElement | HTMLTextAreaElement>(
  value: string,
  onValue: (typed: string) => void,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  const first = useRef({ value, onValue });
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== first.current.value) first.current.onValue(typed);
  }, []);
  return ref;
}
