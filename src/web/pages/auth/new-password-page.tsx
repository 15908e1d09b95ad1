/** Placeholder: replaced by its screen. */
export function NewPasswordPage() {
  return null;
}
