import { sql } from 'kysely';
import { intArray, textArray } from '../sql-values.ts';
import type { SqlRunner } from './index-data.ts';
import type { Term } from './text.ts';

/** What one query word stands for in the catalogue's vocabulary. */
export interface Expansion {
  /** The word's own stem; null for a stopword. */
  stem: string | null;
  /** Vocabulary words with that stem: the word is known, so no typo is assumed. */
  known: string[];
  /** Words within the allowed edits, or begun by a word being typed, nearest first. */
  near: { word: string; lexeme: string; distance: number }[];
}

/** ES "max_expansions": the nearest words kept per query word. */
export const MAX_EXPANSIONS = 50;

/**
 * Looks every term up at once: its stem (the database's Italian stemmer and stopwords), the
 * vocabulary words sharing the stem, and those within `fuzziness` edits after the same first two
 * letters (prefix length 2) or, for the word being typed, beginning with it.
 */
export async function expandTerms(db: SqlRunner, terms: readonly Term[]): Promise<Expansion[]> {
  const out: Expansion[] = terms.map(() => ({ stem: null, known: [], near: [] }));
  if (terms.length === 0) return out;
  const { rows } = await sql<{ i: number; kind: 'stem' | 'known' | 'near'; word: string | null; lexeme: string; distance: number }>`
    WITH t AS (
      SELECT (i - 1)::int AS i, w, k, prefix
      FROM unnest(${textArray(terms.map((t) => t.word))}, ${intArray(terms.map((t) => t.fuzziness))},
                  ${sql`${terms.map((t) => t.prefix)}::boolean[]`}) WITH ORDINALITY AS t(w, k, prefix, i)
    ),
    s AS (SELECT t.i, (tsvector_to_array(to_tsvector('it_unaccent', t.w)))[1] AS stem FROM t)
    SELECT s.i, 'stem' AS kind, NULL AS word, s.stem AS lexeme, 0 AS distance FROM s WHERE s.stem IS NOT NULL
    UNION ALL
    SELECT s.i, 'known', v.word, v.lexeme, 0 FROM s JOIN search_vocab v ON v.lexeme = s.stem
    UNION ALL
    SELECT i, 'near', word, lexeme, distance FROM (
      SELECT t.i, v.word, v.lexeme, d.distance,
        row_number() OVER (PARTITION BY t.i ORDER BY d.distance, length(v.word), v.word) AS n
      FROM t
      JOIN search_vocab v ON v.pfx = left(t.w, 2)
      CROSS JOIN LATERAL (SELECT levenshtein_less_equal(v.word, t.w, t.k) AS distance) d
      WHERE d.distance <= t.k OR (t.prefix AND left(v.word, length(t.w)) = t.w)
    ) near WHERE n <= ${MAX_EXPANSIONS}`.execute(db);
  for (const row of rows) {
    const e = out[row.i]!;
    if (row.kind === 'stem') e.stem = row.lexeme;
    else if (row.kind === 'known') e.known.push(row.word!);
    else e.near.push({ word: row.word!, lexeme: row.lexeme, distance: row.distance });
  }
  for (const e of out) e.near.sort((a, b) => a.distance - b.distance || a.word.length - b.word.length);
  return out;
}

/**
 * Nearest vocabulary words to words that found nothing, for "did you mean": up to three edits
 * anywhere in the word, or similar by trigrams.
 */
export async function suggestWords(db: SqlRunner, words: readonly string[], limit = 5): Promise<string[]> {
  if (words.length === 0) return [];
  const { rows } = await sql<{ word: string }>`
    SELECT word FROM (
      SELECT DISTINCT ON (v.word) v.word, levenshtein_less_equal(v.word, w, 4) AS distance, similarity(v.word, w) AS sim
      FROM unnest(${textArray(words)}) AS w
      JOIN search_vocab v ON levenshtein_less_equal(v.word, w, 3) <= 3 OR v.word % w
      ORDER BY v.word, distance, sim DESC
    ) s
    ORDER BY distance, sim DESC, word
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.word);
}
