'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useTransition } from 'react';
import { LIST_KINDS, parseCategoryQuery, serializeCategoryQuery, viewApiFilters, type ListKindName } from '@/lib/filters/query-state.ts';
import { countBody, DRAWER_MEDIA, showProductsText, type CountQuery, type DrawerTexts } from './filter-drawer.ts';

/** Taps in the drawer are counted once they pause this long (one count for a quick series). */
const COUNT_DELAY_MS = 250;

/**
 * What takes the focus in the view being loaded (the control that asked for it, or the drawer's
 * toggle), found in the new form, and the view it was asked from. Outside the component: an
 * unfiltered and a filtered view are different routes (lib/dispatch.ts), so the enhancer that
 * shows the new view is a new instance.
 */
let refocus: { from: string; find: (form: HTMLFormElement) => HTMLElement | null | undefined } | null = null;

/** The form's control named like `control` (and of its value, for boxes and radios). */
const sameControl = (control: HTMLInputElement | HTMLSelectElement) => (form: HTMLFormElement) =>
  Array.from(form.elements).find(
    (element): element is HTMLInputElement | HTMLSelectElement =>
      (element instanceof HTMLInputElement && element.name === control.name && element.value === control.value) ||
      (element instanceof HTMLSelectElement && element.name === control.name),
  );

/**
 * Progressive enhancement of the category filter form (a plain GET form that works without
 * JavaScript): on wide screens any change to a filter or the sort applies at once, the "apply"
 * buttons hidden. On a phone the filters are a drawer (issue 42 point 13): ticks are only counted
 * ("Mostra N prodotti", one small API request per pause, no page load) and apply together with
 * that button; closing the drawer puts the controls back to the view's URL state.
 * A view is applied by a client-side navigation to its canonical URL (issue 46 point 3): only the
 * page's payload is fetched and the list changes in place, the URL follows and the back button
 * restores earlier views. The controls are rendered anew for the view (CategoryFilters keys them),
 * so the control that was changed gets the focus back.
 */
export function FilterFormEnhancer({
  formId,
  kind: kindName,
  view: viewKey,
  count,
  texts,
}: {
  formId: string;
  kind: ListKindName;
  /** What identifies the view shown: the enhancer runs again for each one. */
  view: string;
  count: CountQuery;
  texts: DrawerTexts;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    // Dims the list until the new view shows (category.module.css).
    if (pending) form.dataset.pending = 'true';
    else delete form.dataset.pending;
  }, [formId, pending]);

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
    // In the view the change asked for, the focus goes back where it was (its control is rendered
    // anew), unless the shopper has moved it meanwhile.
    if (refocus && refocus.from !== viewKey) {
      const { find } = refocus;
      refocus = null;
      if (document.activeElement === null || document.activeElement === document.body) find(form)?.focus({ preventScroll: true });
    }

    const navigate = (control: HTMLInputElement | HTMLSelectElement | null) => {
      const { params, view } = pendingView();
      const lead = Object.fromEntries(kind.lead.flatMap((key) => (params.has(key) ? [[key, params.get(key) ?? '']] : [])));
      const inDrawerNow = narrow.matches && drawer?.open === true;
      // The drawer's choices applied, it closes on the list shown from its top, its toggle focused;
      // a tick beside the list keeps the scroll and its box the focus.
      const summary = (next: HTMLFormElement) => next.querySelector('summary');
      refocus = inDrawerNow ? { from: viewKey, find: summary } : control ? { from: viewKey, find: sameControl(control) } : null;
      if (inDrawerNow && drawer) {
        drawer.open = false;
        summary(form)?.focus();
      }
      startTransition(() => router.push(`${new URL(form.action).pathname}${serializeCategoryQuery(view, kind, lead)}`, { scroll: inDrawerNow }));
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
      else navigate(target);
    };
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      navigate(null);
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
  }, [formId, kindName, viewKey, count, texts, router]);

  return null;
}
