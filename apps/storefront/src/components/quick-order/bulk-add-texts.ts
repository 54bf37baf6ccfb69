/** SERVER: the texts of a bulk add's report, the quick order page and its row errors, looked up once on the server. */
import { lookUpTexts, type MessageKey, type Messages } from '@/i18n/index.ts';
import it from '../../../messages/it.json';

export type BulkAddTexts = Readonly<Record<string, string>>;

/** Every text under the prefixes, by its full key. */
function textsUnder(...prefixes: string[]): BulkAddTexts {
  const keys = (Object.keys(it) as (keyof Messages)[]).filter((key) => prefixes.some((prefix) => key.startsWith(prefix)));
  return lookUpTexts(Object.fromEntries(keys.map((key) => [key, key])) as Record<string, MessageKey>);
}

/** The `bulkAdd.*` texts: the report of a bulk add (reorder, whole wishlist) and the row errors. */
export const bulkAddTexts = (): BulkAddTexts => textsUnder('bulkAdd.');

/** The quick order page's texts (`quickOrder.*`) with the bulk add's, and the price label. */
export const quickOrderTexts = (): BulkAddTexts => ({ ...textsUnder('bulkAdd.', 'quickOrder.'), 'price.exclTax': lookUpTexts({ v: 'price.exclTax' }).v });
