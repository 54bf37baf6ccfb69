'use client';

import { setUiFlag, useUiState } from '../ui/ui-store.ts';
import { useModalDialog } from '../ui/useModalDialog.ts';
import { NewsletterForm } from './NewsletterForm.tsx';
import type { NewsletterTexts } from './newsletter-texts.ts';
import styles from './newsletter.module.css';

const close = () => setUiFlag('newsletterPopup', false);

/**
 * The newsletter popup (shopping.md §2 `newsletterPopup`, §1 the 10 % coupon): a native modal
 * <dialog>, so focus stays inside, Escape and the close button (first in it) dismiss it and focus
 * returns to the page.
 */
export function NewsletterPopup({ texts, policyHref }: { texts: NewsletterTexts; policyHref: string }) {
  const dialog = useModalDialog(useUiState().newsletterPopup);
  return (
    <dialog ref={dialog} className={styles.popup} aria-labelledby="newsletter-popup-title" aria-describedby="newsletter-popup-text" onClose={close} data-testid="newsletter-popup">
      <button type="button" className={styles.close} onClick={close}>
        {texts['close']}
      </button>
      <h2 id="newsletter-popup-title">{texts['popup.title']}</h2>
      <p id="newsletter-popup-text">{texts['popup.text']}</p>
      <NewsletterForm texts={texts} mode="subscribe" idPrefix="newsletter-popup" policyHref={policyHref} />
    </dialog>
  );
}
