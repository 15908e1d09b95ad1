import { useSearchParams } from 'react-router';

/**
 * The address's query and a writer that sets or (for undefined and '') removes some of its keys,
 * replacing the history entry: a list's filters live in its address without filling the back button.
 */
export function useUpdateSearchParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return [params, update] as const;
}
