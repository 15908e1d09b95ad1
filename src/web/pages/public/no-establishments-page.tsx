/** Placeholder: replaced by its screen. */
export function NoEstablishmentsPage() {
  return null;
}
