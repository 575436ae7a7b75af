/** A number as a tel: URL: digits and a leading plus only ("+1-202-501-4444" -> "tel:+12025014444"). */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

/** "1 country", "3 countries". */
export function countries(count: number): string {
  return `${count} ${count === 1 ? 'country' : 'countries'}`;
}
