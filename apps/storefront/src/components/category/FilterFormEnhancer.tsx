'use client';

import { useEffect } from 'react';
import { parseCategoryQuery, serializeCategoryQuery } from '@/lib/filters/query-state.ts';

/**
 * Progressive enhancement of the category filter form (a plain GET form that works without
 * JavaScript): any change to a filter or the sort applies at once by loading the canonical URL
 * of the new view (the back button restores earlier views), and the "apply" buttons are hidden.
 * A full page load, not a client-side navigation: filtered views are rendered per request
 * anyway, and Next 16.4's client router failed to fetch rewritten views whose query held a
 * colon (sort=price:asc), which left the shopper on the old view.
 */
export function FilterFormEnhancer({ formId }: { formId: string }) {
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
      const view = { ...parseCategoryQuery(params), page: 1 };
      window.location.assign(`${new URL(form.action).pathname}${serializeCategoryQuery(view)}`);
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
  }, [formId]);

  return null;
}
