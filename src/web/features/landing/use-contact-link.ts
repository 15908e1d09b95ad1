import { type MouseEvent, useCallback, useRef } from 'react';

export const CONTACT_SECTION_ID = 'contact';

/**
 * The hero's button for businesses and the contact form further down: a click scrolls to the form
 * and puts the cursor in its first field. The link stays a real `#contact` link (a new tab, no script).
 */
export function useContactLink() {
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const goToContact = useCallback((event: MouseEvent) => {
    const section = document.getElementById(CONTACT_SECTION_ID);
    if (!section) return;
    event.preventDefault();
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    firstFieldRef.current?.focus({ preventScroll: true });
  }, []);
  return { href: `#${CONTACT_SECTION_ID}`, goToContact, firstFieldRef };
}
