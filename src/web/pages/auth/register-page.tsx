/** Placeholder: replaced by its screen. */
export function RegisterPage() {
  return null;
}
