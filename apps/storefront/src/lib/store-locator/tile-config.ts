/**
 * SERVER: the store locator's tile provider (STORE_LOCATOR_TILE_URL, an https URL template with
 * {z}/{x}/{y}, and STORE_LOCATOR_TILE_ATTRIBUTION, the credit its licence asks for). Unset: the
 * page shows the list only. The browser never contacts the provider: tiles come through the
 * shop's /map-tiles route (app/map-tiles), so no visitor's address reaches a third party and the
 * pages' CSP stays 'self'.
 */
export interface TileProvider {
  urlTemplate: string;
  attribution: string;
}

export function tileProvider(env: NodeJS.ProcessEnv = process.env): TileProvider | null {
  const urlTemplate = env.STORE_LOCATOR_TILE_URL?.trim();
  if (!urlTemplate || !/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/.test(urlTemplate)) return null;
  return { urlTemplate, attribution: env.STORE_LOCATOR_TILE_ATTRIBUTION?.trim() ?? '' };
}
