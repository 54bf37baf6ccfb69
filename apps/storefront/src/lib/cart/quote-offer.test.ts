import { describe, expect, it } from 'vitest';
import { offerOutcome } from './quote-offer.ts';

describe('a quote offer link answered', () => {
  it('opened with the reference, the end and what was left out; lapsed, ordered, unknown or failing otherwise', () => {
    const result = { cartId: 'c'.repeat(32), reference: 'PRV-000007', validUntil: '2026-12-09T10:00:00.000Z', lines: 2, refused: ['OLD-SKU'] };
    expect(offerOutcome({ code: 200, result })).toEqual({ kind: 'opened', reference: 'PRV-000007', validUntil: '2026-12-09T10:00:00.000Z', refused: ['OLD-SKU'] });
    expect(offerOutcome({ code: 410, result: 'Offerta scaduta.' })).toEqual({ kind: 'expired' });
    expect(offerOutcome({ code: 409, result: 'Offerta già utilizzata per un ordine.' })).toEqual({ kind: 'ordered' });
    expect(offerOutcome({ code: 404, result: 'Offerta non trovata.' })).toEqual({ kind: 'notFound' });
    for (const code of [0, 400, 429, 500]) expect(offerOutcome({ code, result: 'x' })).toEqual({ kind: 'failed' });
  });
});
