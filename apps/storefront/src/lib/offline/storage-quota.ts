/**
 * The offline copies' share of the browser's storage (catalogue.md §9: "storage quota check every
 * 30 s, purging entries above the configured quota"; §8: quota errors clear caches). The worker's
 * own caches also purge themselves on a quota error (ExpirationPlugin, ADR 0020); this check keeps
 * the shop well below the browser's limit. Pure but for `checkStorageQuota`.
 */
export const QUOTA_CHECK_MS = 30_000;
/** The shop's budget for pictures and pages kept offline (the app shell is not counted out). */
export const OFFLINE_QUOTA_BYTES = 50 * 1024 * 1024;

/** Runtime caches to empty when usage is over budget: pictures first, then visited pages; never the app shell. */
export function cachesToPurge(usage: number, cacheNames: readonly string[], budget: number = OFFLINE_QUOTA_BYTES): string[] {
  if (usage <= budget) return [];
  return [...cacheNames.filter((name) => name === 'shop-images'), ...cacheNames.filter((name) => name.startsWith('shop-pages-'))];
}

/** BROWSER: one check; answers the caches it emptied. */
export async function checkStorageQuota(): Promise<string[]> {
  if (typeof caches === 'undefined' || !navigator.storage?.estimate) return [];
  const { usage = 0 } = await navigator.storage.estimate();
  const purged = cachesToPurge(usage, await caches.keys());
  await Promise.all(purged.map((name) => caches.delete(name)));
  return purged;
}
