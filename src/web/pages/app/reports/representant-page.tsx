/** Placeholder: replaced by its screen. */
export function RepresentantPage() {
  return null;
}
