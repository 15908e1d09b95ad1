import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec section 2: the page scrolls to top on each route change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
