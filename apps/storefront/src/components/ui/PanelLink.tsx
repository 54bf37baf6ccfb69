'use client';

import type { MouseEvent, ReactNode } from 'react';
import { interpolate } from '@/i18n/interpolate.ts';

/**
 * A header link that opens a sidebar (microcart, wishlist), with the count badge. Before
 * hydration or with a modifier key it is a plain link to the panel's page; the icon comes
 * rendered from the server. `onOpen` gets the link's address (the way out when the panel's code
 * cannot load); `preload` fetches that code ahead, on hover or focus.
 */
export function PanelLink({
  href,
  panelId,
  open,
  count,
  label,
  badge,
  icon,
  testId,
  preload,
  onOpen,
}: {
  href: string;
  panelId: string;
  open: boolean;
  count: number;
  label: string;
  /** The count for screen readers, an ICU message with `{count}` ("2 articoli"), read after the label: "Carrello, 2 articoli". */
  badge: string;
  icon: ReactNode;
  testId: string;
  preload: () => void;
  onOpen: (href: string) => void;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(event.currentTarget.href);
  };
  return (
    <a
      href={href}
      className="actions__link"
      onClick={onClick}
      onPointerEnter={preload}
      onFocus={preload}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      data-testid={`${testId}-link`}
    >
      {icon}
      {count > 0 && (
        <span className="actions__badge" aria-hidden="true" data-testid={`${testId}-badge`}>
          {count}
        </span>
      )}
      {/* The name says the count in words, exactly "Carrello, 1 articolo", from one hidden text (a
          hidden ", 1 articolo" after the visible label is read with a stray space before its comma);
          the visible label and the digit badge are hidden from screen readers. */}
      <span className="actions__label" aria-hidden="true">
        {label}
      </span>
      <span className="visually-hidden">{count > 0 ? `${label}, ${interpolate(badge, { count })}` : label}</span>
    </a>
  );
}
