'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { softNavigationTarget } from '@/lib/soft-navigation.ts';

/**
 * One click listener for the whole document: clicks on the shop's plain links become app-router
 * navigations (lib/soft-navigation.ts says which). Before hydration, and without JavaScript,
 * the links simply load their page. A link with `data-keep-scroll` (filters, sorts) keeps the
 * scroll position.
 */
export function SoftNavigation() {
  const router = useRouter();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      const href = softNavigationTarget(
        {
          button: event.button,
          modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
          defaultPrevented: event.defaultPrevented,
          url: new URL(link.href),
          target: link.target,
          download: link.hasAttribute('download'),
        },
        new URL(window.location.href),
      );
      if (href === null) return;
      event.preventDefault();
      // The layout's category menu outlives the navigation: it closes, as a new page would show it (a phone's menu covers the page).
      const menu = link.closest('details.menu');
      if (menu instanceof HTMLDetailsElement) menu.open = false;
      router.push(href, { scroll: !link.hasAttribute('data-keep-scroll') });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [router]);
  return null;
}
