'use client';

import { ErrorView } from '@/components/ErrorView.tsx';

/** Errors while rendering a page of the default layout (header and footer stay). */
export default function PageError({ retry }: { error: unknown; retry: () => void }) {
  return <ErrorView retry={retry} />;
}
