/** How visitors reach the town's Business Tax Receipt office, as the pages show it. */
export type TownContact = { name: string; state: string; email: string; phone: string };

/** "(954) 966-4600" -> "tel:+19549664600" for US numbers; other formats keep their digits. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (/^\d{10}$/.test(digits)) return `tel:+1${digits}`;
  return `tel:${digits}`;
}
