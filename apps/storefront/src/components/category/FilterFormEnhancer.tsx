'use client';

import { useEffect } from 'react';
import { LIST_KINDS, parseCategoryQuery, serializeCategoryQuery, viewApiFilters, type ListKindName } from '@/lib/filters/query-state.ts';
import { countBody, DRAWER_MEDIA, showProductsText, type CountQuery, type DrawerTexts } from './filter-drawer.ts';

/** Taps in the drawer are counted once they pause this long (one count for a quick series). */
const COUNT_DELAY_MS = 250;

/**
 * Progressive enhancement of the category filter form (a plain GET form that works without
 * JavaScript): on wide screens any change to a filter or the sort applies at once by loading the
 * canonical URL of the new view (the back button restores earlier views), and the "apply" buttons
 * are hidden. On a phone the filters are a drawer (issue 42 point 13): ticks are only counted
 * ("Mostra N prodotti", one small API request per pause, no page load) and apply together with
 * that button; closing the drawer puts the controls back to the view's URL state.
 * A full page load, not a client-side navigation: filtered views are rendered per request
 * anyway, and Next 16.4's client router failed to fetch rewritten views whose query held a
 * colon (sort=price:asc), which left the shopper on the old view.
 */
export function FilterFormEnhancer({ formId, kind: kindName, count, texts }: { formId: string; kind: ListKindName; count: CountQuery; texts: DrawerTexts }) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    form.dataset.enhanced = 'true';
    for (const element of Array.from(form.elements)) {
      if (element instanceof HTMLButtonElement && element.type === 'submit' && !('drawerApply' in element.dataset)) element.hidden = true;
    }
    const kind = LIST_KINDS[kindName];
    const narrow = window.matchMedia(DRAWER_MEDIA);
    const drawer = form.querySelector('details');

    const pendingView = () => {
      const params = new URLSearchParams();
      for (const [key, value] of new FormData(form)) {
        if (typeof value === 'string' && value !== '') params.append(key, value);
      }
      return { params, view: { ...parseCategoryQuery(params, kind), page: 1 } };
    };
    const navigate = () => {
      const { params, view } = pendingView();
      const lead = Object.fromEntries(kind.lead.flatMap((key) => (params.has(key) ? [[key, params.get(key) ?? '']] : [])));
      window.location.assign(`${new URL(form.action).pathname}${serializeCategoryQuery(view, kind, lead)}`);
    };

    let timer: ReturnType<typeof setTimeout> | undefined;
    let counting: AbortController | undefined;
    const showCount = (total: number | null) => {
      const button = form.querySelector<HTMLButtonElement>('[data-drawer-apply]');
      if (button) button.textContent = showProductsText(total, texts);
    };
    const recount = () => {
      clearTimeout(timer);
      counting?.abort();
      timer = setTimeout(() => {
        const controller = new AbortController();
        counting = controller;
        fetch(count.endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(countBody(count, viewApiFilters(pendingView().view))),
          signal: controller.signal,
        })
          .then(async (response) => {
            const payload = (await response.json()) as { code?: number; result?: { total?: number } };
            showCount(response.ok && typeof payload.result?.total === 'number' ? payload.result.total : null);
          })
          .catch(() => {
            if (!controller.signal.aborted) showCount(null);
          });
      }, COUNT_DELAY_MS);
    };
    const inDrawer = (target: Element) => narrow.matches && drawer?.open === true && drawer.contains(target);

    const onChange = (event: Event) => {
      const target = event.target as HTMLInputElement | HTMLSelectElement | null;
      if (!target || !('form' in target) || target.form !== form) return;
      if (inDrawer(target)) recount();
      else navigate();
    };
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      navigate();
    };
    const close = () => {
      if (!drawer?.open) return;
      drawer.open = false;
      // Choices not applied are dropped: the controls show the view the URL names.
      form.reset();
      clearTimeout(timer);
      counting?.abort();
      drawer.querySelector('summary')?.focus();
    };
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest('[data-drawer-close]')) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && narrow.matches && drawer?.open) close();
    };
    const onToggle = () => {
      if (drawer?.open && narrow.matches) form.querySelector<HTMLButtonElement>('[data-drawer-close]')?.focus();
    };
    document.addEventListener('change', onChange);
    form.addEventListener('submit', onSubmit);
    form.addEventListener('click', onClick);
    form.addEventListener('keydown', onKey);
    drawer?.addEventListener('toggle', onToggle);
    return () => {
      clearTimeout(timer);
      counting?.abort();
      document.removeEventListener('change', onChange);
      form.removeEventListener('submit', onSubmit);
      form.removeEventListener('click', onClick);
      form.removeEventListener('keydown', onKey);
      drawer?.removeEventListener('toggle', onToggle);
    };
  }, [formId, kindName, count, texts]);

  return null;
}
