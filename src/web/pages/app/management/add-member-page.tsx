/** Placeholder: replaced by its screen. */
export function AddClientPage() {
  return null;
}
export function AddUserPage() {
  return null;
}
