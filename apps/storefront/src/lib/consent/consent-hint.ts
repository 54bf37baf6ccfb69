/**
 * The one script of the shop that runs while the HTML is parsed (at the end of the body, see
 * app/layout.tsx): it marks the document when the shopper has not answered the cookie banner
 * yet (`<html data-consent-needed>`), so that the banner, which is in every page's server HTML
 * (pages are cached for everyone and cannot know), shows with the first frame to those who must
 * choose. It is hidden until marked, so it never flashes for those who already have chosen;
 * without JavaScript nothing needs consent, and it stays hidden. The React banner takes over
 * once hydrated (components/consent/ConsentBanner.tsx).
 *
 * Pages with a per-request nonce allow it by its hash (lib/csp.ts): the hash below must be the
 * script's own, which consent-hint.test.ts checks.
 */
import { CONSENT_COOKIE } from '@shop/domain';

export const CONSENT_HINT_SCRIPT = `if(!/(^|;)\\s*${CONSENT_COOKIE}=/.test(document.cookie))document.documentElement.setAttribute('data-consent-needed','')`;

/** CSP hash-source of CONSENT_HINT_SCRIPT. */
export const CONSENT_HINT_HASH = "'sha256-qx7oi1CXS+VgUoCGCkta+h2qmeWpIMKmwb2hFaTx+UQ='";
