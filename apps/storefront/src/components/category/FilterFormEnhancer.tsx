'use client';

import { useEffect } from 'react';
import { LIST_KINDS, parseCategoryQuery, serializeCategoryQuery, type ListKindName } from '@/lib/filters/query-state.ts';

/**
 * Progressive enhancement of the category filter form (a plain GET form that works without
 * JavaScript): any change to a filter or the sort applies at once by loading the canonical URL
 * of the new view (the back button restores earlier views), and the "apply" buttons are hidden.
 * A full page load, not a client-side navigation: filtered views are rendered per request
 * anyway, and Next 16.4's client router failed to fetch rewritten views whose query held a
 * colon (sort=price:asc), which left the shopper on the old view.
 */
export function FilterFormEnhancer({ formId, kind: kindName }: { formId: string; kind: ListKindName }) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    form.dataset.enhanced = 'true';
    for (const element of Array.from(form.elements)) {
      if (element instanceof HTMLButtonElement && element.type === 'submit') element.hidden = true;
    }

    const navigate = () => {
      const params = new URLSearchParams();
      for (const [key, value] of new FormData(form)) {
        if (typeof value === 'string' && value !== '') params.append(key, value);
      }
      const kind = LIST_KINDS[kindName];
      const view = { ...parseCategoryQuery(params, kind), page: 1 };
      const lead = Object.fromEntries(kind.lead.flatMap((key) => (params.has(key) ? [[key, params.get(key) ?? '']] : [])));
      window.location.assign(`${new URL(form.action).pathname}${serializeCategoryQuery(view, kind, lead)}`);
    };
    const onChange = (event: Event) => {
      const target = event.target as HTMLInputElement | HTMLSelectElement | null;
      if (target && 'form' in target && target.form === form) navigate();
    };
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      navigate();
    };
    document.addEventListener('change', onChange);
    form.addEventListener('submit', onSubmit);
    return () => {
      document.removeEventListener('change', onChange);
      form.removeEventListener('submit', onSubmit);
    };
  }, [formId, kindName]);

  return null;
}
