import { describe, expect, it } from 'vitest';
import { foldWord, highlightSegments } from './highlight.ts';

describe('highlightSegments', () => {
  it('marks the matched words, ignoring case and accents', () => {
    expect(highlightSegments('Coltello da Cucina Victorinox', ['coltello', 'victorinox'])).toEqual([
      { text: 'Coltello', match: true },
      { text: ' da Cucina ', match: false },
      { text: 'Victorinox', match: true },
    ]);
    expect(highlightSegments('Macchina per caffè', ['caffe'])).toEqual([
      { text: 'Macchina per ', match: false },
      { text: 'caffè', match: true },
    ]);
  });
  it('marks words that extend a typed prefix of three letters or more', () => {
    expect(highlightSegments('Termometro digitale', ['termo'])).toEqual([
      { text: 'Termometro', match: true },
      { text: ' digitale', match: false },
    ]);
    expect(highlightSegments('Termometro', ['te'])).toEqual([{ text: 'Termometro', match: false }]);
  });
  it('keeps punctuation and spacing as they are', () => {
    const segments = highlightSegments('Guanti antitaglio, taglia "L" (10 pz.)', ['guanti', 'l']);
    expect(segments.map((s) => s.text).join('')).toBe('Guanti antitaglio, taglia "L" (10 pz.)');
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['Guanti', 'L']);
  });
  it('leaves the text whole without matched words', () => {
    expect(highlightSegments('Bilancia', [])).toEqual([{ text: 'Bilancia', match: false }]);
    expect(highlightSegments('', ['x'])).toEqual([]);
  });
  it('folds words', () => {
    expect(foldWord('ÀÉÎÕÜ')).toBe('aeiou');
  });
});
