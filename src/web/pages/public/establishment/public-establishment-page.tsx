/** Placeholder: replaced by its screen. */
export function PublicEstablishmentPage() {
  return null;
}
