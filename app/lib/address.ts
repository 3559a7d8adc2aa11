/** Principal address: address1, city, state, zip joined by commas, empty parts skipped. */
export function principalAddress(b: {
  address1?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}): string {
  return [b.address1, b.city, b.state, b.zip]
    .map((part) => (part ?? "").trim())
    .filter(Boolean)
    .join(", ");
}
