import { ACCOUNT_MESSAGES as A } from '@shop/contracts';
import { formatMessage } from '@shop/domain';
import * as core from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as italian from '@zxcvbn-ts/language-it';
import { HttpError } from '../../http/errors.ts';

/** zxcvbn's score (0–4) a password needs: 3 is "safely unguessable" for an online attack with throttling. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * zxcvbn-ts offline (issue #43 point 10): common passwords, Italian and English words, names,
 * keyboard patterns, repeats and sequences, with its feedback in Italian. Built on first use: the
 * dictionaries take a moment to load.
 */
let checker: core.ZxcvbnFactory | undefined;
const zxcvbn = () =>
  (checker ??= new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...italian.dictionary },
    graphs: common.adjacencyGraphs,
    translations: italian.translations,
  }));

/** The person's own words (their e-mail's parts, their names) count as guessable too. */
function userInputs(inputs: readonly string[]): string[] {
  return inputs.flatMap((input) => [input, ...input.split(/[@.+_\-\s]+/)]).filter((word) => word.length >= 3);
}

/**
 * Refuses a password zxcvbn scores below 3, with its reason in Italian (warning, else its first
 * suggestion), in a 400 that names the field `password`. The shared rules (8 characters, letters
 * and a digit or symbol) are the contract's and come first.
 */
export function assertStrongPassword(password: string, inputs: readonly string[]): void {
  const result = zxcvbn().check(password, userInputs(inputs));
  if (result.score >= MIN_PASSWORD_SCORE) return;
  const reason = result.feedback.warning || result.feedback.suggestions[0] || 'Scegli una password più lunga e meno prevedibile.';
  throw new HttpError(400, formatMessage(A.passwordWeak, { reason }));
}
