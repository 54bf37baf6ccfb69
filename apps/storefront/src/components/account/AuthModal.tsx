'use client';

import { closeAuthModal } from '@/lib/account/lifecycle.ts';
import { setUiFlag, useUiState } from '../ui/ui-store.ts';
import { useModalDialog } from '../ui/useModalDialog.ts';
import type { AccountTexts } from './account-texts.ts';
import { AuthForms } from './AuthForms.tsx';
import styles from './account.module.css';

/**
 * The sign-in modal (shopping.md §2 `authElem`: login, register, forgot password), a native
 * modal <dialog>: focus is kept inside, Escape and the close button close it, and focus returns
 * to what opened it. Opened by the header's account link and when a session expires (§4).
 */
export function AuthModal({ texts }: { texts: AccountTexts }) {
  const ui = useUiState();
  const dialog = useModalDialog(ui.openMyAccount);
  return (
    <dialog ref={dialog} className={styles.modal} aria-labelledby={`modal-${ui.authElem}-title`} onClose={closeAuthModal}>
      <button type="button" className={styles.close} onClick={closeAuthModal}>
        {texts['close']}
      </button>
      {ui.openMyAccount && <AuthForms texts={texts} idPrefix="modal" form={ui.authElem} onForm={(form) => setUiFlag('authElem', form)} onSignedIn={closeAuthModal} />}
    </dialog>
  );
}
