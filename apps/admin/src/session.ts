import { useGetIdentity, useInvalidateAuthStore } from '@refinedev/core';
import type { AdminSession } from './types.ts';

/** The signed-in staff user's session; `null` when signed out, `undefined` while it loads. */
export function useSession(): { session: AdminSession | null | undefined; refresh: () => Promise<void> } {
  const identity = useGetIdentity<AdminSession | null>();
  const invalidate = useInvalidateAuthStore();
  return { session: identity.isLoading ? undefined : (identity.data ?? null), refresh: invalidate };
}
