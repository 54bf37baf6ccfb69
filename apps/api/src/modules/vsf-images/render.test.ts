import { describe, expect, it } from 'vitest';
import { snappedBox } from './render.ts';

describe('snappedBox', () => {
  it("snaps the width up to the storefront's widths and scales the height alike", () => {
    expect(snappedBox(600, 744)).toEqual({ width: 640, height: 794 });
    expect(snappedBox(310, 300)).toEqual({ width: 384, height: 372 });
    expect(snappedBox(128, 0)).toEqual({ width: 128, height: undefined });
    expect(snappedBox(1500, 1000)).toEqual({ width: 1080, height: 720 });
  });

  it('takes 0 as the largest width, a height alone as a square box, and refuses sizes over 2048', () => {
    expect(snappedBox(0, 0)).toEqual({ width: 1080, height: undefined });
    expect(snappedBox(0, 300)).toEqual({ width: 384, height: 384 });
    expect(() => snappedBox(2049, 10)).toThrow(/between 0 and 2048/);
    expect(() => snappedBox(10, 4000)).toThrow(/between 0 and 2048/);
  });
});
