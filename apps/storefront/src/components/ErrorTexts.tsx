'use client';

import { createContext, useContext, type ReactNode } from 'react';

/**
 * Texts of the error boundaries. error.tsx files are client components; importing the message
 * catalogue there would ship all of it.json to the browser once per boundary, so the store
 * layout (a server component) looks the few texts up with `t` and hands them down here.
 */
export interface ErrorTexts {
  heading: string;
  text: string;
  retry: string;
  home: string;
  siteName: string;
  homeLink: string;
}

const ErrorTextsContext = createContext<ErrorTexts | null>(null);

export function ErrorTextsProvider({ texts, children }: { texts: ErrorTexts; children: ReactNode }) {
  return <ErrorTextsContext value={texts}>{children}</ErrorTextsContext>;
}

/** The texts for an error boundary; null only outside the store layout, which never happens. */
export function useErrorTexts(): ErrorTexts | null {
  return useContext(ErrorTextsContext);
}
