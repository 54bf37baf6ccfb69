import type { Expansion } from './expand.ts';
import { allOf, anyOf, combinations, lexeme, minimumShouldMatch, type ParsedQuery } from './text.ts';

/** Score of a query word by where and how it matched: field boosts name 4 : sku 2 : category 1, typos and prefixes below exact words. */
export const TIER = { nameExact: 1, nameNear: 0.7, sku: 0.5, categoryExact: 0.25, categoryNear: 0.15 } as const;

/** A word's score tiers, best first: the first tsquery a product matches gives the value. */
export type Tiers = [tsquery: string, value: number][];

export interface MatchQuery {
  /** tsquery text: at least `minimumShouldMatch` of the words, each by any of its forms. */
  match: string;
  /** Per word, its tiers; the score is their mean (0–1). */
  tiers: Tiers[];
  /** Typed SKUs: exact matches rank first, prefix matches next. */
  sku?: { exact: string; prefix: string };
  matchedWords: string[];
  /** Words that matched nothing in the vocabulary, for suggestions. */
  unknownWords: string[];
  corrected: string | null;
}

/** A vocabulary word a query word may stand for, and how many edits away it was typed. */
export interface NearForm {
  lexeme: string;
  /** Edits from the typed word; 0 for a word the word being typed begins (a completion, not a typo). */
  distance: number;
}

/** One unit of "minimum should match" with the forms it matches by. */
export interface GroupForms {
  /** The word's own stem(s) (all parts of a hyphenated chunk), as lexemes that must all match. */
  exact: string[];
  near: NearForm[];
  sku?: string;
}

export interface MatchGroups {
  groups: GroupForms[];
  matchedWords: string[];
  /** Words that matched nothing in the vocabulary, for suggestions. */
  unknownWords: string[];
  /** The query's words as searched when a typo was corrected (each by its nearest word), else null. */
  corrected: string | null;
}

/**
 * The forms each query group matches by, from the vocabulary expansions: a known word matches by
 * its stem (and, while typed, the words it begins); an unknown one also by the vocabulary words
 * within its allowed edits. Stopwords drop out. Null: nothing to search. Engine-neutral: the
 * PostgreSQL provider turns it into tsqueries (buildMatchQuery), the in-memory one into bitmaps.
 */
export function matchGroups(parsed: ParsedQuery, expansions: readonly Expansion[]): MatchGroups | null {
  const matchedWords = new Set<string>();
  const unknownWords: string[] = [];
  const groups: GroupForms[] = [];
  const searched = parsed.terms.map((t) => t.word);
  for (const group of parsed.groups) {
    const exact: string[] = [];
    const near = new Map<string, number>();
    for (const i of group.terms) {
      const e = expansions[i]!;
      if (e.stem === null) continue; // a stopword
      exact.push(e.stem);
      e.known.forEach((w) => matchedWords.add(w));
      const typed = parsed.terms[i]!;
      const nearWords = e.known.length > 0 ? e.near.filter((n) => typed.prefix && n.word.startsWith(typed.word)) : e.near;
      for (const n of nearWords) {
        const distance = typed.prefix && n.word.startsWith(typed.word) ? 0 : n.distance;
        if (n.lexeme !== e.stem) near.set(n.lexeme, Math.min(distance, near.get(n.lexeme) ?? Infinity));
        matchedWords.add(n.word);
      }
      if (e.known.length === 0 && nearWords.length === 0 && !/\d/.test(typed.word)) unknownWords.push(typed.word);
      // An unknown word found only through typos reads as its nearest word ("tritacrne" → "tritacarne").
      const nearest = nearWords.reduce<(typeof nearWords)[number] | undefined>((best, n) => (!best || n.distance < best.distance || (n.distance === best.distance && (n.word.length < best.word.length || (n.word.length === best.word.length && n.word < best.word))) ? n : best), undefined);
      if (e.known.length === 0 && nearest && !nearWords.some((n) => typed.prefix && n.word.startsWith(typed.word))) searched[i] = nearest.word;
    }
    if (exact.length === 0 && !group.sku) continue;
    groups.push({ exact, near: [...near].map(([lexeme, distance]) => ({ lexeme, distance })), ...(group.sku ? { sku: group.sku } : {}) });
  }
  if (groups.length === 0) return null;
  const corrected = searched.some((w, i) => w !== parsed.terms[i]!.word) ? searched.join(' ') : null;
  return { groups, matchedWords: [...matchedWords], unknownWords, corrected };
}

/** Builds the match and scoring tsqueries of a parsed query from its vocabulary expansions. */
export function buildMatchQuery(parsed: ParsedQuery, expansions: readonly Expansion[]): MatchQuery | null {
  const forms = matchGroups(parsed, expansions);
  if (!forms) return null;
  const { groups, matchedWords, unknownWords, corrected } = forms;

  const formsOf = (g: GroupForms, weights?: string) => [
    ...(g.exact.length ? [allOf(g.exact.map((l) => lexeme(l, { weights })))] : []),
    ...g.near.map((n) => lexeme(n.lexeme, { weights })),
    ...(g.sku ? [lexeme(g.sku, { prefix: true, weights: 'B' })] : []),
  ];
  const anyForm = groups.map((g) => anyOf(formsOf(g)));
  const need = minimumShouldMatch(groups.length);
  const match = anyOf(combinations(groups.length, need).map((pick) => allOf(pick.map((i) => anyForm[i]!))));

  const tiers = groups.map((g) => {
    const t: Tiers = [];
    const exact = (weights: string) => (g.exact.length ? allOf(g.exact.map((l) => lexeme(l, { weights }))) : null);
    const near = (weights: string) => (g.near.length ? anyOf(g.near.map((n) => lexeme(n.lexeme, { weights }))) : null);
    const add = (q: string | null, value: number) => q && t.push([q, value]);
    add(exact('A'), TIER.nameExact);
    add(near('A'), TIER.nameNear);
    add(g.sku ? lexeme(g.sku, { prefix: true, weights: 'B' }) : null, TIER.sku);
    add(exact('C'), TIER.categoryExact);
    add(near('C'), TIER.categoryNear);
    return t;
  });

  const skus = groups.flatMap((g) => g.sku ?? []);
  return {
    match,
    tiers,
    ...(skus.length
      ? {
          sku: {
            exact: anyOf(skus.map((s) => lexeme(s, { weights: 'B' }))),
            prefix: anyOf(skus.map((s) => lexeme(s, { prefix: true, weights: 'B' }))),
          },
        }
      : {}),
    matchedWords,
    unknownWords,
    corrected,
  };
}
