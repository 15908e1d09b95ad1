/** Placeholder: replaced by its screen. */
export function EstablishmentDetailPage() {
  return null;
}
