import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@shop/contracts';
import { emptyResult } from '../../lib/search/search-client.ts';
import { panelStatus } from './panel-status.ts';
import type { SearchTexts } from './search-texts.ts';

const texts = {
  minLength: 'min 3',
  loading: 'loading',
  error: 'failed',
  count: '{count, plural, one {one found} other {# found}}',
  noResults: 'nothing for «{term}»',
  offline: 'offline, saved:',
  offlineEmpty: 'offline, nothing saved',
} as SearchTexts;
const result = (total: number): SearchResult => ({ ...emptyResult(), total });
const ready = (total: number, offline = false, cached = false) => ({ status: 'ready' as const, answer: { result: result(total), offline, cached } });

describe('panelStatus', () => {
  it('asks for three characters, then says when it searches or fails', () => {
    expect(panelStatus({ status: 'short', answer: null }, 'co', texts)).toBe('min 3');
    expect(panelStatus({ status: 'loading', answer: null }, 'col', texts)).toBe('loading');
    expect(panelStatus({ status: 'loading', answer: ready(5).answer }, 'col', texts)).toBe('loading');
    expect(panelStatus({ status: 'error', answer: ready(5).answer }, 'col', texts)).toBe('failed');
  });
  it('counts the results the it-IT way, or says nothing matched the term', () => {
    expect(panelStatus(ready(12345), 'coltello', texts)).toBe('12.345 found');
    expect(panelStatus(ready(1), 'coltello', texts)).toBe('one found');
    expect(panelStatus(ready(0), '  xyz  abc ', texts)).toBe('nothing for «xyz abc»');
  });
  it('says when the results are saved ones, or when offline has none', () => {
    expect(panelStatus(ready(3, true, true), 'guanti', texts)).toBe('offline, saved: 3 found');
    expect(panelStatus(ready(0, true, false), 'guanti', texts)).toBe('offline, nothing saved');
  });
});
