'use client';

import { ErrorView } from '@/components/ErrorView.tsx';

/**
 * Errors in a shop layout (e.g. the header's category menu when the commerce API is down):
 * the header could not be drawn, so show the logo bar and a friendly message.
 */
export default function StoreError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorView error={error} retry={retry} withHeader />;
}
