import { MAX_EXPANSIONS, type Expansion } from '../expand.ts';
import type { Term } from '../text.ts';

/**
 * Edit distance between two words, or `max + 1` when it is beyond `max`: what the database's
 * levenshtein_less_equal answers, so candidates are kept and ordered alike.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = new Int32Array(b.length + 1).map((_, j) => j);
  let row = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
      row[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    [prev, row] = [row, prev];
  }
  return Math.min(prev[b.length]!, max + 1);
}

/**
 * The search vocabulary (search_vocab) in memory: every word of product and category names with
 * its stem, bucketed by its first two letters (prefix length 2), which is where a typo's
 * candidates are looked for, as expand.ts does in SQL.
 */
export class Vocabulary {
  private readonly lexemes = new Map<string, string>();
  private readonly byLexeme = new Map<string, string[]>();
  private readonly byPrefix = new Map<string, string[]>();

  get size(): number {
    return this.lexemes.size;
  }

  add(word: string, lexeme: string): void {
    if (this.lexemes.has(word)) return;
    this.lexemes.set(word, lexeme);
    const same = this.byLexeme.get(lexeme);
    if (same) same.push(word);
    else this.byLexeme.set(lexeme, [word]);
    const pfx = word.slice(0, 2);
    const bucket = this.byPrefix.get(pfx);
    if (bucket) bucket.push(word);
    else this.byPrefix.set(pfx, [word]);
  }

  /** A known word's stem (the database's), undefined for a word the vocabulary lacks. */
  lexemeOf(word: string): string | undefined {
    return this.lexemes.get(word);
  }

  /** What expandTerms answers for a term whose stem is known (null: a stopword). */
  expand(term: Term, stem: string | null): Expansion {
    if (stem === null) return { stem, known: [], near: [] };
    const near: Expansion['near'] = [];
    for (const word of this.byPrefix.get(term.word.slice(0, 2)) ?? []) {
      const distance = boundedDistance(word, term.word, term.fuzziness);
      if (distance <= term.fuzziness || (term.prefix && word.startsWith(term.word))) near.push({ word, lexeme: this.lexemes.get(word)!, distance });
    }
    near.sort((a, b) => a.distance - b.distance || a.word.length - b.word.length || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    return { stem, known: [...(this.byLexeme.get(stem) ?? [])], near: near.slice(0, MAX_EXPANSIONS) };
  }
}
