import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bitset } from './bitset.ts';

const setOf = (size: number, members: number[]) => {
  const bits = new Bitset(size);
  for (const i of members) bits.set(i);
  return bits;
};
const members = (bits: Bitset) => {
  const out: number[] = [];
  bits.forEach((i) => out.push(i));
  return out;
};

describe('Bitset.moveInto', () => {
  it('moves the shared bits into the target and clears them here, whatever the target held', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(199)), fc.uniqueArray(fc.nat(99)), fc.uniqueArray(fc.nat(199)), (mine, mask, stale) => {
        // The mask is shorter than the set: bits beyond it stay here and are not moved.
        const bits = setOf(200, mine);
        const out = setOf(200, stale);
        bits.moveInto(setOf(100, mask), out);
        const inMask = new Set(mask);
        expect(members(out)).toEqual(mine.filter((i) => inMask.has(i)).sort((a, b) => a - b));
        expect(members(bits)).toEqual(mine.filter((i) => !inMask.has(i)).sort((a, b) => a - b));
      }),
    );
  });
});
