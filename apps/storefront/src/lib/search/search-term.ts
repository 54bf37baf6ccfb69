/** The search term rules shared by the header's search box and the search itself. Pure, browser-safe, no dependencies. */

/** catalogue.md §5 "search term minimum 3 characters" (as the contract's SEARCH_LIMITS, kept here so no schema code ships to the browser). */
export const SEARCH_MIN_LENGTH = 3;

/** The term as the API reads it: NFC, spaces collapsed, trimmed. */
export function normalizeTerm(q: string): string {
  return q.normalize('NFC').replace(/\s+/g, ' ').trim();
}

export function isSearchable(q: string): boolean {
  return normalizeTerm(q).length >= SEARCH_MIN_LENGTH;
}
