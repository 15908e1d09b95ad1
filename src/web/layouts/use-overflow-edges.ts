import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the box's content goes on above or below what it shows, kept current as it scrolls, as
 * it or its content changes size (a window resized, sections arriving with the session).
 */
export function useOverflowEdges(ref: RefObject<HTMLElement | null>) {
  const [edges, setEdges] = useState({ above: false, below: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const above = box.scrollTop > 1;
      const below = box.scrollTop + box.clientHeight < box.scrollHeight - 1;
      setEdges((old) => (old.above === above && old.below === below ? old : { above, below }));
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}
