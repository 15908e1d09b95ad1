import { useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address's query and a writer that sets or (for undefined and '') removes some of its keys,
 * replacing the history entry: a list's filters live in its address without filling the back button.
 */
export function useUpdateSearchParams() {
  const [params, setParams] = useSearchParams();
  // React Router's functional update starts from the last rendered query, so two changes before the
  // next render (clearing two date fields in a row) would keep only the second: build on the last write.
  const latest = useRef(params);
  latest.current = params;
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(latest.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    latest.current = next;
    setParams(next, { replace: true });
  };
  return [params, update] as const;
}
