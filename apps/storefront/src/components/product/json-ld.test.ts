import { describe, expect, it } from 'vitest';
import { productJsonLd, serializeJsonLd } from './json-ld.ts';

const input = {
  url: 'https://shop.example/p/A/a',
  name: 'Coltello <b>',
  sku: 'A',
  description: 'Un coltello',
  images: ['https://shop.example/media/a.jpg'],
  brand: 'Sanelli',
  offer: { url: 'https://shop.example/p/A/a', sku: 'A', grossCents: 6576, availability: 'InStock' as const, ships: true },
  rating: { rating: 4.3, count: 3, best: 5 },
  reviews: [{ author: 'Marco', date: '2026-02-11', title: 'Ottimo', body: 'Bene', rating: 5 }],
};

describe('productJsonLd', () => {
  it('describes the product, its offer with shipping details and its rating', () => {
    const data = productJsonLd(input);
    expect(data).toMatchObject({
      '@type': 'Product',
      brand: { name: 'Sanelli' },
      offers: {
        '@type': 'Offer',
        price: 65.76,
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        shippingDetails: {
          shippingRate: { value: 5.49, currency: 'EUR' },
          shippingDestination: { addressCountry: 'IT' },
          deliveryTime: { transitTime: { minValue: 2, maxValue: 3, unitCode: 'DAY' } },
        },
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 3, bestRating: 5 },
    });
    expect(data.review).toHaveLength(1);
  });

  it('leaves shipping out for services and the rating out without reviews', () => {
    const data = productJsonLd({ ...input, offer: { ...input.offer, ships: false }, rating: null, reviews: [] });
    expect(data.offers).not.toHaveProperty('shippingDetails');
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('review');
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element', () => {
    const text = serializeJsonLd(productJsonLd({ ...input, name: '</script><script>alert(1)</script>' }));
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>');
  });
});
