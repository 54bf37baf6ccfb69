'use client';

import { usePathname } from 'next/navigation';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { logOut } from '@/lib/account/lifecycle.ts';
import { currentCustomer, subscribe, type SignedInCustomer } from '@/lib/account/session.ts';
import type { AuthElem } from '@/lib/ui-state.ts';
import { ACCOUNT_SECTIONS, QUICK_ORDER_PATH } from '@/lib/routing.ts';
import { useStoreHref } from '../StorePrefix.tsx';
import type { AccountTexts } from './account-texts.ts';
import { AuthForms } from './AuthForms.tsx';
import styles from './account.module.css';

/** The signed-in customer for the account pages (they render only inside AccountShell). */
export const useCustomer = (): SignedInCustomer | null => useSyncExternalStore(subscribe, currentCustomer, () => null);

/**
 * The frame of every /my-account page: signed out, the spec's "you need to be logged in" with the
 * sign-in forms in place; signed in, the sections' navigation, the logout and the page.
 */
export function AccountShell({ texts, children }: { texts: AccountTexts; children: ReactNode }) {
  const customer = useSyncExternalStore(subscribe, currentCustomer, () => undefined);
  const [form, setForm] = useState<AuthElem>('login');
  const [loggedOut, setLoggedOut] = useState(false);
  const href = useStoreHref();
  const path = usePathname();

  if (customer === undefined) return <p role="status">{texts['loading']}</p>;
  if (!customer) {
    return (
      <>
        <p role="status">{loggedOut ? texts['loggedOut'] : texts['needLogin']}</p>
        <AuthForms texts={texts} idPrefix="page" form={form} onForm={setForm} onSignedIn={() => setLoggedOut(false)} />
      </>
    );
  }
  const sections = [{ slug: '', label: texts['section.profile']! }, ...ACCOUNT_SECTIONS.map((slug) => ({ slug, label: texts[`section.${slug}`]! }))];
  const current = (slug: string) => {
    const target = href(slug ? `/my-account/${slug}` : '/my-account');
    return path === target || (slug === 'orders' && path.startsWith(`${target}/`));
  };
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label={texts['nav']}>
        <ul>
          {sections.map(({ slug, label }) => (
            <li key={slug}>
              <a href={href(slug ? `/my-account/${slug}` : '/my-account')} aria-current={current(slug) ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
          <li>
            <a href={href(QUICK_ORDER_PATH)}>{texts['quickOrderLink']}</a>
          </li>
        </ul>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setLoggedOut(true);
            void logOut();
          }}
        >
          {texts['logout']}
        </button>
      </nav>
      <div>{children}</div>
    </div>
  );
}
