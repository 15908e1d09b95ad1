/** Placeholder: replaced by its screen. */
export function GdprPage() {
  return null;
}
