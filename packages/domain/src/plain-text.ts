/**
 * Text that people write for others to read (reviews, quote requests; issue #19): kept as plain
 * text. The shop renders it as text (React escapes it), but a Vue Storefront 1 client or a mail
 * program may put it into HTML, so markup is taken out before it is stored: anything that starts
 * like a tag (`<` then a letter, `/`, `!` or `?`) up to its `>` — or to the end when unclosed —
 * and characters that have no business in text (zero-width and bidirectional controls). A `<`
 * that cannot open a tag (`a < b`, `<3`) stays. Pure.
 */
const TAG = /<[a-z!/?][^>]*(?:>|$)/gi;
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

export function plainText(input: string): string {
  let text = input.replace(INVISIBLE, '');
  // Taking out one tag can join the halves of another (`<scr<b>ipt>`): repeat until stable.
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(TAG, '');
  }
  return text.replace(/[ \t]+\n/g, '\n').trim();
}
