import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, QTY_DEBOUNCE_MS } from './debounce.ts';

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs only the last call, 1 s after it', () => {
    const fn = vi.fn();
    const update = debounce(fn, QTY_DEBOUNCE_MS);
    update(2);
    vi.advanceTimersByTime(900);
    update(3);
    vi.advanceTimersByTime(900);
    expect(fn).not.toHaveBeenCalled();
    expect(update.pending()).toBe(true);
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(3);
    expect(update.pending()).toBe(false);
  });

  it('flushes a pending call at once and cancels without running', () => {
    const fn = vi.fn();
    const update = debounce(fn, QTY_DEBOUNCE_MS);
    update(4);
    update.flush();
    expect(fn).toHaveBeenCalledWith(4);
    update(5);
    update.cancel();
    vi.advanceTimersByTime(2000);
    expect(fn).toHaveBeenCalledTimes(1);
    update.flush();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
