import { describe, expect, it } from 'vitest';
import { dismissNotification, pushNotification } from './notifications.ts';

const notice = (text: string) => ({ type: 'success' as const, message: { text } });

describe('notifications', () => {
  it('ignores a duplicate of the last message but not of an older one', () => {
    let list = pushNotification([], notice('a'), 1);
    const same = pushNotification(list, notice('a'), 2);
    expect(same).toBe(list);
    list = pushNotification(list, notice('b'), 3);
    list = pushNotification(list, notice('a'), 4);
    expect(list.map((n) => n.id)).toEqual([1, 3, 4]);
  });

  it('dismisses by id', () => {
    const list = pushNotification(pushNotification([], notice('a'), 1), notice('b'), 2);
    expect(dismissNotification(list, 1).map((n) => n.id)).toEqual([2]);
    expect(dismissNotification(list, 9)).toBe(list);
  });
});
