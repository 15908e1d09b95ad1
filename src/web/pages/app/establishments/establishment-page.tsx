/** Placeholder: replaced by its screen. */
export function EstablishmentPage() {
  return null;
}
