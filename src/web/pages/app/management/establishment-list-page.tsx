/** Placeholder: replaced by its screen. */
export function EstablishmentListPage() {
  return null;
}
