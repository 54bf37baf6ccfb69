import type { VsfDateTime } from './catalog/types.ts';
import { parseVsfDate } from './vsf-date.ts';

type DateInput = VsfDateTime | Date | null | undefined;

/**
 * True when `now` lies strictly inside the special-price window; a missing bound is open.
 * A bound that is present but unreadable makes the window inactive: better no discount than a wrong one.
 */
export function isSpecialPriceActive(from: DateInput, to: DateInput, now: Date): boolean {
  const fromDate = parseVsfDate(from);
  const toDate = parseVsfDate(to);
  if ((from && !fromDate) || (to && !toDate)) return false;
  if (fromDate && !(fromDate.getTime() < now.getTime())) return false;
  if (toDate && !(now.getTime() < toDate.getTime())) return false;
  return true;
}
