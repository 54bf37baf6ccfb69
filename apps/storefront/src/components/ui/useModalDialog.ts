'use client';

import { useEffect, useRef, type RefObject } from 'react';

/**
 * Where focus goes when a dialog closes: the element that had it before (the button that opened
 * it), else the page's main content, so a keyboard or screen reader user goes on from the page
 * and not from the document's start (issue 42 point 14: a popup that opened by itself).
 */
function returnFocus(opener: HTMLElement | null): void {
  const target = opener?.isConnected ? opener : document.getElementById('main');
  target?.focus({ preventScroll: true });
}

/**
 * Shows a native <dialog> as modal while `open` holds and closes it otherwise: the browser keeps
 * focus inside, Escape closes it (its `close` event) and focus returns to the page.
 */
export function useModalDialog(open: boolean): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const shown = useRef(false);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      element.showModal();
      shown.current = true;
    }
    if (!open) {
      // Escape closed it already (its close event brought `open` here).
      if (element.open) element.close();
      if (shown.current) returnFocus(opener.current);
      shown.current = false;
      opener.current = null;
    }
  }, [open]);
  return dialog;
}
