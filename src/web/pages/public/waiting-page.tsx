/** Placeholder: replaced by its screen. */
export function WaitingPage() {
  return null;
}
