/**
 * BROWSER: loads the Google Tag Manager container, only ever after analytics consent (the banner
 * calls it), once per page. Consent Mode v2 is told what the shopper chose before the container
 * starts: statistics granted, advertising storage only with marketing consent.
 */
import type { ConsentChoice } from '@shop/domain';
import { TAG_MANAGER_ORIGIN } from '../csp.ts';

export function loadTagManager(id: string, choice: ConsentChoice): void {
  if (!choice.analytics || document.querySelector('script[data-tag-manager]')) return;
  const layer = (window.dataLayer ??= []);
  const ads = choice.marketing ? 'granted' : 'denied';
  // gtag's commands are Arguments objects in the data layer, not arrays.
  function gtag(..._command: unknown[]) {
    // eslint-disable-next-line prefer-rest-params -- the tag reads only Arguments objects as commands
    layer.push(arguments);
  }
  gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
  gtag('consent', 'update', { analytics_storage: 'granted', ad_storage: ads, ad_user_data: ads, ad_personalization: ads });
  layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`;
  script.dataset['tagManager'] = '';
  document.head.appendChild(script);
}
