'use client';

import { useEffect, useRef, type RefObject } from 'react';

/**
 * Shows a native <dialog> as modal while `open` holds and closes it otherwise: the browser keeps
 * focus inside, Escape closes it (its `close` event) and focus returns to the page.
 */
export function useModalDialog(open: boolean): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
