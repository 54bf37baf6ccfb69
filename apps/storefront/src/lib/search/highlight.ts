/**
 * Splits a product name into plain and matched parts for highlighting (rendered as <mark>, never
 * as HTML). The API names the matched words lowercase and accent-free, so name words are folded
 * the same way before comparing; a name word also matches when it extends a matched word of 3+
 * letters (the prefix typed so far). Pure.
 */
export interface Segment {
  text: string;
  match: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Lowercase without accents: "Caffè" → "caffe". */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function matches(word: string, matched: readonly string[]): boolean {
  const folded = foldWord(word);
  return matched.some((m) => folded === m || (m.length >= 3 && folded.startsWith(m)));
}

export function highlightSegments(text: string, matchedWords: readonly string[]): Segment[] {
  const matched = matchedWords.map(foldWord).filter((w) => w !== '');
  if (matched.length === 0) return text ? [{ text, match: false }] : [];
  const segments: Segment[] = [];
  const push = (part: string, match: boolean) => {
    if (part === '') return;
    const last = segments.at(-1);
    if (last && last.match === match) last.text += part;
    else segments.push({ text: part, match });
  };
  let index = 0;
  for (const found of text.matchAll(WORD)) {
    push(text.slice(index, found.index), false);
    push(found[0], matches(found[0], matched));
    index = found.index + found[0].length;
  }
  push(text.slice(index), false);
  return segments;
}
