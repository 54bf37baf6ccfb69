import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml } from './html-text.ts';

describe('htmlToText', () => {
  it('drops tags and keeps words apart', () => {
    expect(htmlToText('<p>Lama in <strong>acciaio</strong> inox.</p><p>Manico HACCP.</p>')).toBe('Lama in acciaio inox. Manico HACCP.');
    expect(htmlToText('Riga uno<br/>riga due')).toBe('Riga uno riga due');
  });

  it('decodes entities', () => {
    expect(htmlToText('Qualit&agrave; &amp; prezzo &#8364; &#x20AC; l&#39;uso &euro;')).toBe("Qualità & prezzo € € l'uso €");
    expect(htmlToText('&unknown; &#0;')).toBe('&unknown; &#0;');
  });

  it('removes scripts and styles with their content', () => {
    expect(htmlToText('<script>alert(1)</script>Testo<style>p{}</style>')).toBe('Testo');
  });

  it('handles empty input', () => {
    expect(htmlToText(undefined)).toBe('');
    expect(htmlToText(null)).toBe('');
    expect(htmlToText('   ')).toBe('');
  });
});

describe('textToHtml', () => {
  it('is read back by htmlToText as the text written, whatever looks like markup or an entity', () => {
    for (const text of ['Taglie < 40 & > 30', '<b>grassetto</b> no', 'l&apos;acciaio &amp; il ferro', 'Sì, è così: 100 %', '<script>alert(1)</script>']) {
      expect(htmlToText(textToHtml(text))).toBe(text);
    }
  });

  it('writes no tag', () => {
    expect(textToHtml('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });
});
