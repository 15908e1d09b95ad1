/** Placeholder: replaced by its screen. */
export function ForgotPasswordPage() {
  return null;
}
