/** /app/blank: an empty page inside the frame (spec section 2). */
export function BlankPage() {
  return null;
}
