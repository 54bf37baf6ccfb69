import { describe, expect, it } from 'vitest';
import { personEmailKey } from './person-email.ts';

describe('personEmailKey', () => {
  it('folds case, a +tag and Gmail dots into one mailbox', () => {
    expect(personEmailKey(' Nl.X+2@Example.IT ')).toBe('nl.x@example.it');
    expect(personEmailKey('m.ario.rossi+shop@googlemail.com')).toBe('mariorossi@gmail.com');
    expect(personEmailKey('MarioRossi@gmail.com')).toBe('mariorossi@gmail.com');
  });

  it('keeps dots outside Gmail and different people apart', () => {
    expect(personEmailKey('mario.rossi@example.it')).not.toBe(personEmailKey('mariorossi@example.it'));
    expect(personEmailKey('a@example.it')).not.toBe(personEmailKey('a@example.com'));
  });
});
