'use client';

import { lazy, Suspense, useState, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import { openAuthModal } from '@/lib/account/lifecycle.ts';
import { currentCustomer, subscribe } from '@/lib/account/session.ts';
import { cartCodeFailed } from '@/lib/cart/cart-store.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import { useUiState } from '../ui/ui-store.ts';
import { fill } from './account-message.ts';
import type { AccountTexts } from './account-texts.ts';

// The modal's forms load when it first opens (and ahead, on hover or focus of the link).
const loadModal = () => import('./AuthModal.tsx').then((module) => ({ default: module.AuthModal }));
const AuthModal = lazy(loadModal);
const preloadModal = () => void loadModal().catch(() => undefined);

/**
 * The header's account link: signed in, to /my-account with the customer's name; signed out, it
 * opens the sign-in modal (before hydration, or with a modifier key, a plain link to /my-account,
 * whose page signs in too).
 */
export function AccountLink({ label, greeting, icon, className, labelClassName }: { label: string; greeting: string; icon: ReactNode; className: string; labelClassName: string }) {
  const customer = useSyncExternalStore(subscribe, currentCustomer, () => null);
  const href = useStoreHref();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (customer || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    loadModal().then(() => openAuthModal('login'), cartCodeFailed);
  };
  return (
    <a href={href('/my-account')} className={className} onClick={onClick} onPointerEnter={preloadModal} onFocus={preloadModal}>
      {icon}
      <span className={labelClassName}>{customer ? fill(greeting, { name: customer.firstname }) : label}</span>
    </a>
  );
}

/** Mounts the sign-in modal while it is asked for (the account link, or an expired session, §4). */
export function AuthModalHost({ texts }: { texts: AccountTexts }) {
  const open = useUiState().openMyAccount;
  // Once opened it stays mounted, closed, so that closing returns focus where it was.
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal texts={texts} />
    </Suspense>
  );
}
