import { describe, expect, it } from 'vitest';
import { CLOSED_UI, overlayOn, withFlag } from './ui-state.ts';

describe('UI state flags', () => {
  it('turns the overlay on while any panel is open', () => {
    expect(overlayOn(CLOSED_UI)).toBe(false);
    const search = withFlag(CLOSED_UI, 'searchpanel', true);
    expect(overlayOn(search)).toBe(true);
    expect(overlayOn(withFlag(search, 'microcart', true))).toBe(true);
    expect(overlayOn(withFlag(search, 'searchpanel', false))).toBe(false);
  });
  it('keeps the same state object when a flag does not change', () => {
    expect(withFlag(CLOSED_UI, 'sidebar', false)).toBe(CLOSED_UI);
  });
});
