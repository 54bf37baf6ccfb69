/**
 * SERVER: the Google Tag Manager container of the shop (`GTM_ID`, e.g. `GTM-ABC1234`). Unset or
 * malformed: no tag is ever loaded and the CSP allows none of Google's hosts; the GA4 events
 * still fill `dataLayer` after consent (what the tests read).
 */
export function tagManagerId(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  const id = env['GTM_ID']?.trim() ?? '';
  return /^GTM-[A-Z0-9]{4,12}$/.test(id) ? id : null;
}
