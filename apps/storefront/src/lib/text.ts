/** Catalogue HTML as plain text: shared with the API, whose back office edits what the pages show as text. */
export { htmlToText } from '@shop/domain';

/** Cuts text to at most `max` characters at a word boundary, adding '…'. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
