/** Placeholder: replaced by its screen. */
export function EstablishmentNewPage() {
  return null;
}
