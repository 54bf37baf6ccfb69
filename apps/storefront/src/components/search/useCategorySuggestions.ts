'use client';

import { useEffect, useState } from 'react';
import { categoryUrl } from '@shop/domain';

/** Categories the panel suggests at most. */
export const PANEL_CATEGORIES = 4;

export interface CategorySuggestion {
  name: string;
  href: string;
}

/**
 * The word the panel looks categories up by: the longest of the words searched (the corrected
 * ones when typos were corrected), its last letter dropped so that Italian singular and plural
 * meet ("coltello" finds "Coltelli", "pentola" "Pentole"). Null below four letters.
 */
export function categoryWord(searched: string): string | null {
  const longest = searched.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), '');
  if (longest.length < 4) return null;
  return longest.length > 4 ? longest.slice(0, -1) : longest;
}

/**
 * Active categories whose name holds the searched word (issue 42 point 18), from one small
 * catalogue query per word the panel settled on; an unanswered or failed query suggests none.
 */
export function useCategorySuggestions(searched: string | null): CategorySuggestion[] {
  const word = searched ? categoryWord(searched) : null;
  const [found, setFound] = useState<{ word: string; categories: CategorySuggestion[] } | null>(null);
  useEffect(() => {
    if (!word) return;
    const controller = new AbortController();
    fetch('/api/catalog', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        entityType: 'category',
        filters: { name: { like: word }, is_active: { eq: true } },
        sort: 'level:asc',
        size: PANEL_CATEGORIES,
        trackTotalHits: false,
        includeFields: ['name', 'slug'],
      }),
      signal: controller.signal,
    })
      .then(async (response) => {
        const payload = (await response.json()) as { result?: { items?: { name: string; slug: string }[] } };
        const items = response.ok ? (payload.result?.items ?? []) : [];
        setFound({ word, categories: items.map((c) => ({ name: c.name, href: categoryUrl(c.slug) })) });
      })
      .catch(() => {
        if (!controller.signal.aborted) setFound({ word, categories: [] });
      });
    return () => controller.abort();
  }, [word]);
  return word && found?.word === word ? found.categories : [];
}
