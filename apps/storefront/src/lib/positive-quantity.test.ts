import { describe, expect, it } from 'vitest';
import { positiveQuantityInput } from './positive-quantity.ts';

describe('positiveQuantityInput (shopping §5, issue 42)', () => {
  it('turns 0 into 1 and takes the absolute value', () => {
    expect(['0', '-0', '-3', '3', '2.7', '00'].map(positiveQuantityInput)).toEqual(['1', '1', '3', '3', '2', '1']);
  });

  it('leaves an empty field and text that is no number to the validation', () => {
    expect(positiveQuantityInput('')).toBe('');
    expect(positiveQuantityInput('abc')).toBe('abc');
  });
});
