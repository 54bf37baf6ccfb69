'use client';

import { LogoMark } from './LogoMark.tsx';
import { useErrorTexts } from './ErrorTexts.tsx';
import { useStoreHref } from './StorePrefix.tsx';

/**
 * The friendly "something went wrong" message of the error boundaries: Italian text from the
 * catalogue (via ErrorTextsProvider), a retry button and a link home — never a stack trace.
 * With `withHeader` it also draws the logo bar, for errors that took the site header down.
 */
export function ErrorView({ retry, withHeader = false }: { retry: () => void; withHeader?: boolean }) {
  const texts = useErrorTexts();
  const href = useStoreHref();
  if (!texts) return null;
  const message = (
    <div className="container page page--message" role="alert">
      <h1>{texts.heading}</h1>
      <p>{texts.text}</p>
      <p className="button-row">
        <button type="button" className="button" onClick={() => retry()}>
          {texts.retry}
        </button>
        <a className="button button--secondary" href={href('/')}>
          {texts.home}
        </a>
      </p>
    </div>
  );
  if (!withHeader) return message;
  return (
    <>
      <header className="minimal-header">
        <div className="container">
          <LogoMark name={texts.siteName} label={texts.homeLink} href={href('/')} />
        </div>
      </header>
      <main id="main" className="site-main">
        {message}
      </main>
    </>
  );
}
