import { afterEach, describe, expect, it, vi } from 'vitest';
import { tagManagerId } from './tag-config.ts';
import { loadTagManager } from './tag-manager.ts';

describe('tag manager', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is configured only by a well-formed container id', () => {
    expect(tagManagerId({})).toBeNull();
    expect(tagManagerId({ GTM_ID: '' })).toBeNull();
    expect(tagManagerId({ GTM_ID: 'G-ABC123' })).toBeNull();
    expect(tagManagerId({ GTM_ID: 'GTM-AB"><script>' })).toBeNull();
    expect(tagManagerId({ GTM_ID: ' GTM-K9X2P7Q ' })).toBe('GTM-K9X2P7Q');
  });

  it('loads the container once, with analytics consent only, after telling Consent Mode the choice', () => {
    const scripts: { src: string; async: boolean; dataset: Record<string, string> }[] = [];
    const win: { dataLayer?: unknown[] } = {};
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', {
      querySelector: () => (scripts.length > 0 ? scripts[0] : null),
      createElement: () => ({ src: '', async: false, dataset: {} }),
      head: { appendChild: (script: (typeof scripts)[number]) => scripts.push(script) },
    });
    loadTagManager('GTM-K9X2P7Q', { analytics: false, marketing: true });
    expect(scripts).toEqual([]);
    expect(win.dataLayer).toBeUndefined();

    loadTagManager('GTM-K9X2P7Q', { analytics: true, marketing: false });
    loadTagManager('GTM-K9X2P7Q', { analytics: true, marketing: false });
    expect(scripts).toEqual([{ src: 'https://www.googletagmanager.com/gtm.js?id=GTM-K9X2P7Q', async: true, dataset: { tagManager: '' } }]);
    const commands = win.dataLayer!.slice(0, 2).map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(commands).toEqual([
      ['consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }],
      ['consent', 'update', { analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }],
    ]);
    expect(win.dataLayer![2]).toMatchObject({ event: 'gtm.js' });
  });
});
