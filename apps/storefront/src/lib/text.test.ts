import { describe, expect, it } from 'vitest';
import { htmlToText, truncate } from './text.ts';

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

describe('truncate', () => {
  it('keeps short text', () => {
    expect(truncate('breve', 10)).toBe('breve');
  });
  it('cuts at a word boundary', () => {
    expect(truncate('Coltello da cucina professionale in acciaio', 25)).toBe('Coltello da cucina…');
  });
});
