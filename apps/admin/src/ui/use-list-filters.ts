import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CrudFilter } from '@refinedev/core';

/**
 * A list's filters kept in the address (a filtered list can be bookmarked and reloaded): their
 * values, setting one, resetting all, the Refine filters they make, the text filter `q` applied
 * after a pause in typing, and the page, which starts again from the first when a filter changes.
 */
export function useListFilters<const Name extends string>(names: readonly Name[]) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<Name, string>, [names, params]);
  const key = params.toString();
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key, page: next });
  const typed = (filters as Record<string, string>)['q'] ?? '';
  const [text, setText] = useState(typed);

  const set = (name: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const reset = () => {
    setText('');
    setParams(new URLSearchParams());
  };
  useEffect(() => {
    if (text === typed) return;
    const timer = setTimeout(() => set('q', text.trim()), 350);
    return () => clearTimeout(timer);
  });

  const crudFilters: CrudFilter[] = names.filter((name) => filters[name]).map((field) => ({ field, operator: 'eq', value: filters[field] }));
  return { params, filters, set, reset, page, setPage, text, setText, crudFilters };
}
