import { QUICK_ORDER_MESSAGES } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import it_ from '../../../messages/it.json';
import { rowProblemText } from './bulk-add-message.ts';

const texts: Record<string, string> = it_;

describe('rowProblemText', () => {
  it('shows every quick-order problem in Italian, with its parameters', () => {
    for (const message of Object.values(QUICK_ORDER_MESSAGES)) {
      const shown = rowProblemText(message.replace('{max}', '5'), texts);
      expect(shown).not.toBe(message);
      expect(shown).not.toMatch(/\{\w+\}/);
    }
    expect(rowProblemText('Only 5 available', texts)).toBe('Ne restano disponibili solo 5.');
    expect(rowProblemText('A quick order holds at most 1000 rows', texts)).toBe('Un ordine rapido può contenere al massimo 1000 righe: dividilo in più ordini.');
  });

  it('words an unknown code as "no longer sold" for lists of products once sold, and an unknown text vaguely', () => {
    expect(rowProblemText(QUICK_ORDER_MESSAGES.unknownSku, texts)).toBe('Nessun prodotto ha questo codice.');
    expect(rowProblemText(QUICK_ORDER_MESSAGES.unknownSku, texts, { unknownAs: 'noLongerSold' })).toBe('Non è più in vendita.');
    expect(rowProblemText('Something else', texts)).toBe('Questa riga non può essere aggiunta.');
  });
});
