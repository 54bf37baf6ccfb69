import type { VsfDateTime } from './catalog/types.ts';

const VSF_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

/** Parses a VSF date ("2017-10-31 00:07:05", taken as UTC) or an ISO 8601 string; null when empty or unreadable. */
export function parseVsfDate(value: VsfDateTime | Date | null | undefined): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (!value) return null;
  // VSF writes UTC without a zone; JavaScript would read that as local time, so add the Z.
  const naive = VSF_DATE_TIME.exec(value.trim());
  const date = new Date(naive ? `${naive[1]}T${naive[2]}Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}
