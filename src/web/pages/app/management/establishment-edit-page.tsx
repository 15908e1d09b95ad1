/** Placeholder: replaced by its screen. */
export function EstablishmentEditPage() {
  return null;
}
