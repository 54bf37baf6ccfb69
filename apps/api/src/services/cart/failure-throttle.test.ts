import { describe, expect, it } from 'vitest';
import { FailureThrottle } from './failure-throttle.ts';

describe('FailureThrottle', () => {
  it('blocks after the limit within the window and frees the key as failures age out', () => {
    let now = 0;
    const throttle = new FailureThrottle(3, 1000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfterMs('k')).toBe(0);
      throttle.record('k');
      now += 100;
    }
    expect(throttle.retryAfterMs('k')).toBe(700); // the first failure (t=0) ages out at t=1000
    expect(throttle.retryAfterMs('other')).toBe(0);
    now = 1001;
    expect(throttle.retryAfterMs('k')).toBe(0);
  });

  it('keeps at most maxKeys keys', () => {
    const throttle = new FailureThrottle(1, 1000, () => 0, 2);
    throttle.record('a');
    throttle.record('b');
    throttle.record('c');
    expect(throttle.retryAfterMs('a')).toBe(0);
    expect(throttle.retryAfterMs('c')).toBe(1000);
  });
});
