/** Placeholder: replaced by its screen. */
export function HomePage() {
  return null;
}
