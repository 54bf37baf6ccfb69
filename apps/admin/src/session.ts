import { useGetIdentity, useInvalidateAuthStore } from '@refinedev/core';
import type { AdminSession } from './types.ts';

/** The signed-in staff user's session; `null` when signed out, `undefined` while it loads. */
export function useSession(): { session: AdminSession | null | undefined; refresh: () => Promise<void> } {
  const identity = useGetIdentity<AdminSession | null>();
  const invalidate = useInvalidateAuthStore();
  return { session: identity.isLoading ? undefined : (identity.data ?? null), refresh: invalidate };
}

/**
 * Why the sign-in page opens, if not on its own: kept here and not in the navigation state, as
 * the redirects that follow the session's end would drop that. Cleared by the next sign-in.
 */
export type SignInNotice = 'expired' | 'signedOut' | null;
let notice: SignInNotice = null;
export const signInNotice = (): SignInNotice => notice;
export function setSignInNotice(next: SignInNotice): void {
  notice = next;
}
