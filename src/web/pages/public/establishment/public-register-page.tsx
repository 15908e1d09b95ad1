/** Placeholder: replaced by its screen. */
export function PublicRegisterPage() {
  return null;
}
