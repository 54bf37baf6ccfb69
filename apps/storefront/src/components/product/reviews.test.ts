import { describe, expect, it } from 'vitest';
import { aggregateRating, approvedReviews, formatRating, reviewRating } from './reviews.ts';

const rated = (value: number, percent = value * 20) => ({ ratings: [{ value, percent }] });

describe('reviews', () => {
  it('reads a review rating from its value or its percent', () => {
    expect(reviewRating(rated(4))).toBe(4);
    expect(reviewRating({ ratings: [{ value: 0, percent: 60 }] })).toBe(3);
    expect(reviewRating({ ratings: [] })).toBeNull();
    expect(reviewRating({})).toBeNull();
  });

  it('keeps approved reviews only', () => {
    expect(approvedReviews([{ review_status: 1 }, { review_status: 2 }, { review_status: 1 }])).toHaveLength(2);
  });

  it('averages the ratings to one decimal', () => {
    expect(aggregateRating([rated(5), rated(4), rated(4)])).toEqual({ rating: 4.3, count: 3, best: 5 });
    expect(aggregateRating([{}])).toBeNull();
  });

  it('prefers the aggregate the catalogue carries', () => {
    expect(aggregateRating([rated(1)], { rating: 4.66, count: 12, best_rating: 5 })).toEqual({ rating: 4.7, count: 12, best: 5 });
    expect(aggregateRating([rated(2)], { rating: 0, count: 0 })).toEqual({ rating: 2, count: 1, best: 5 });
  });

  it('writes ratings the Italian way', () => {
    expect(formatRating(4.3)).toBe('4,3');
    expect(formatRating(4)).toBe('4');
  });
});
