'use client';

import { ErrorView } from '@/components/ErrorView.tsx';

/** Errors while rendering a page of the default layout (header and footer stay). */
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorView error={error} retry={retry} />;
}
