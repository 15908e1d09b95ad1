/** Placeholder: replaced by its screen. */
export function VerifyPage() {
  return null;
}
