'use client';

import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { reloadAfterChunkFailure } from '@/lib/chunk-reload.ts';
import { useStoreHref } from './StorePrefix.tsx';

/**
 * What the error boundaries show besides their message: the texts and the shop logo. error.tsx
 * files are client components; importing the message catalogue there would ship all of it.json
 * to the browser, and the logo's markup would ship as code. So the store layout (a server
 * component) looks the texts up with `t`, renders the logo, and hands both down here. The
 * view lives in this module too: the store layout loads it with the provider, so the two
 * error.tsx boundaries don't each carry a copy.
 */
export interface ErrorTexts {
  heading: string;
  text: string;
  retry: string;
  home: string;
}

interface ErrorViewParts {
  texts: ErrorTexts;
  /** The logo link, rendered on the server. */
  logo: ReactNode;
}

const ErrorViewContext = createContext<ErrorViewParts | null>(null);

export function ErrorViewProvider({ texts, logo, children }: ErrorViewParts & { children: ReactNode }) {
  return <ErrorViewContext value={{ texts, logo }}>{children}</ErrorViewContext>;
}

/**
 * The friendly "something went wrong" message of the error boundaries: Italian text from the
 * catalogue (via ErrorViewProvider), a retry button and a link home — never a stack trace. A
 * chunk that failed to load reloads the page instead, when online (lib/chunk-reload.ts).
 * With `withHeader` it also draws the logo bar, for errors that took the site header down.
 */
export function ErrorView({ error, retry, withHeader = false }: { error: unknown; retry: () => void; withHeader?: boolean }) {
  const parts = useContext(ErrorViewContext);
  const href = useStoreHref();
  // Code of a page reached by a soft navigation that could not be loaded: the page reloads.
  useEffect(() => void reloadAfterChunkFailure(error), [error]);
  if (!parts) return null;
  const { texts, logo } = parts;
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
        <div className="container">{logo}</div>
      </header>
      <main id="main" className="site-main">
        {message}
      </main>
    </>
  );
}
