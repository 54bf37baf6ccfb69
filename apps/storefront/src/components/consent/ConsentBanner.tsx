'use client';

/**
 * The cookie banner (Garante, guidelines of 10 June 2021; ADR 0022): until the shopper chooses,
 * nothing but strictly necessary storage is used. "Rifiuta tutti" and "Accetta tutti" are the
 * same button, side by side, one click each; the "X" refuses too; the categories start unticked;
 * the choice lasts six months and the footer's "Preferenze cookie" opens it again. It does not
 * block the page (no cookie wall) and comes first in the tab order.
 *
 * It is in every page's server HTML, so that it shows with the page's first frame instead of
 * appearing once the scripts have run (a late pop-up, and on a first visit the page's largest
 * paint). Pages are cached for everyone, so until hydration the choice is read by the consent
 * hint at the end of the document (lib/consent/consent-hint.ts), and the stylesheet hides the
 * server's banner from those who have already chosen; from hydration on, React decides.
 *
 * With analytics consent — and a container configured — it also loads the tag manager.
 */
import { markBannerVisit } from '@/lib/newsletter/popup.ts';
import { ACCEPT_ALL, REJECT_ALL, type ConsentChoice } from '@shop/domain';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { loadTagManager } from '@/lib/analytics/tag-manager.ts';
import {
  closeConsentSettings,
  consentSnapshot,
  readConsent,
  saveConsent,
  serverConsentSnapshot,
  serverSettingsSnapshot,
  settingsSnapshot,
  subscribeConsent,
} from '@/lib/consent/consent-store.ts';
import { useHydrated } from '../cart/useCart.ts';
import styles from './consent.module.css';

export type ConsentTexts = Readonly<Record<string, string>>;

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/);

export function ConsentBanner({ texts, policyHref, tagManagerId }: { texts: ConsentTexts; policyHref: string; tagManagerId: string | null }) {
  const hydrated = useHydrated();
  const consent = readConsent(useSyncExternalStore(subscribeConsent, consentSnapshot, serverConsentSnapshot));
  const reopened = useSyncExternalStore(subscribeConsent, settingsSnapshot, serverSettingsSnapshot);

  useEffect(() => {
    if (consent && tagManagerId) loadTagManager(tagManagerId, consent);
  }, [consent, tagManagerId]);

  // A visit that shows the banner is not bothered by the newsletter popup too (issue #42 point 15).
  const firstChoice = hydrated && !consent && !reopened;
  useEffect(() => {
    if (firstChoice) markBannerVisit();
  }, [firstChoice]);

  // The server and hydration see no cookie (serverConsentSnapshot): the banner, marked pending.
  if (consent && !reopened) return null;
  // Opened again: the current choice shown; first time: nothing ticked.
  return (
    <Banner key={reopened ? 'settings' : 'first'} texts={texts} policyHref={policyHref} current={reopened ? consent : null} reopened={reopened} pending={!hydrated} />
  );
}

function Banner({
  texts,
  policyHref,
  current,
  reopened,
  pending,
}: {
  texts: ConsentTexts;
  policyHref: string;
  current: ConsentChoice | null;
  reopened: boolean;
  /** Not hydrated yet: the stylesheet shows it only where the consent hint asked for it. */
  pending: boolean;
}) {
  const [detailed, setDetailed] = useState(reopened);
  const [choice, setChoice] = useState<ConsentChoice>(current ?? REJECT_ALL);
  const heading = useRef<HTMLHeadingElement>(null);
  const categories = useRef<HTMLFieldSetElement>(null);
  // Opened from the footer: focus comes here, and goes back to the link when done.
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    if (!reopened) return;
    opener.current = document.activeElement;
    heading.current?.focus();
  }, [reopened]);
  useEffect(() => {
    if (detailed && !reopened) categories.current?.querySelector('input')?.focus();
  }, [detailed, reopened]);

  const done = (next: ConsentChoice | null) => {
    const back = opener.current;
    if (next) saveConsent(next);
    else closeConsentSettings();
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  };
  // The X (and Escape): a refusal the first time; opened again, the earlier choice stays.
  const close = () => done(reopened ? null : REJECT_ALL);

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="consent-title"
      aria-describedby="consent-text"
      className={styles.banner}
      data-testid="consent-banner"
      data-pending={pending || undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <div className={styles.inner}>
        <button type="button" className={styles.close} aria-label={texts['close']} onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
        <h2 id="consent-title" className={styles.title} ref={heading} tabIndex={-1}>
          {texts['title']}
        </h2>
        <p id="consent-text" className={styles.text}>
          {/* A line per sentence, each its own block: easier to read on a phone. */}
          {sentences(texts['text'] ?? '').map((sentence) => (
            <span key={sentence} className={styles.sentence}>
              {sentence}{' '}
            </span>
          ))}
          <a href={policyHref}>{texts['policy']}</a>
        </p>
        {detailed && (
          <fieldset className={styles.categories} ref={categories}>
            <legend className="visually-hidden">{texts['categories']}</legend>
            <div className={styles.category}>
              <p className={styles.categoryHead}>
                <strong>{texts['necessary.title']}</strong> <span className={styles.always}>{texts['necessary.always']}</span>
              </p>
              <p className={styles.categoryText}>{texts['necessary.text']}</p>
            </div>
            {(['analytics', 'marketing'] as const).map((purpose) => (
              <div className={styles.category} key={purpose}>
                <p className={styles.categoryHead}>
                  <input
                    type="checkbox"
                    id={`consent-${purpose}`}
                    checked={choice[purpose]}
                    aria-describedby={`consent-${purpose}-text`}
                    onChange={(event) => setChoice((now) => ({ ...now, [purpose]: event.target.checked }))}
                  />{' '}
                  <label htmlFor={`consent-${purpose}`}>
                    <strong>{texts[`${purpose}.title`]}</strong>
                  </label>
                </p>
                <p id={`consent-${purpose}-text`} className={styles.categoryText}>
                  {texts[`${purpose}.text`]}
                </p>
              </div>
            ))}
          </fieldset>
        )}
        <div className={styles.actions}>
          {/* Same component, same size, same colour: refusing is exactly as easy as accepting. */}
          <button type="button" className="button" onClick={() => done(REJECT_ALL)}>
            {texts['rejectAll']}
          </button>
          <button type="button" className="button" onClick={() => done(ACCEPT_ALL)}>
            {texts['acceptAll']}
          </button>
          {detailed ? (
            <button type="button" className="button button--secondary" onClick={() => done(choice)}>
              {texts['save']}
            </button>
          ) : (
            <button type="button" className="button button--secondary" onClick={() => setDetailed(true)}>
              {texts['customize']}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
