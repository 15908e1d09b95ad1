/** Placeholder: replaced by its screen. */
export function MyEstablishmentsPage() {
  return null;
}
