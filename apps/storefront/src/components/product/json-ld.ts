/**
 * Structured data of the product page (schema.org JSON-LD): Product with its Offer (price,
 * availability and the shipping details of catalogue.md §9: 5.49 EUR to Italy in 2-3 days),
 * AggregateRating and Reviews (the BreadcrumbList comes with the shared Breadcrumbs). Pure.
 */
import type { Cents } from '@shop/domain';
import type { AggregateRating } from './reviews.ts';

/** "Shipping data in markup: rate 5.49 EUR, Italy, transit 2-3 days" (§9). */
export const SHIPPING_MARKUP = { rateCents: 549, currency: 'EUR', country: 'IT', transitDays: [2, 3] } as const;

const SCHEMA = 'https://schema.org';

export type OfferAvailability = 'InStock' | 'OutOfStock' | 'LimitedAvailability';

export interface OfferInput {
  url: string;
  sku: string;
  /** The price a consumer pays, VAT included. */
  grossCents: Cents;
  availability: OfferAvailability;
  /** End of an active special price (YYYY-MM-DD), when known. */
  validUntil?: string | null;
  /** Physical goods ship; services and downloads do not. */
  ships: boolean;
}

export interface ReviewInput {
  author: string;
  date: string;
  title: string;
  body: string;
  rating: number | null;
}

export interface ProductInput {
  url: string;
  name: string;
  sku: string;
  description: string;
  images: readonly string[];
  brand?: string | null;
  category?: string | null;
  offer: OfferInput;
  rating: AggregateRating | null;
  reviews: readonly ReviewInput[];
}

/** Cents as a schema.org amount (a number with at most two decimals). */
const amount = (cents: Cents): number => Math.round(cents) / 100;

function offer(input: OfferInput) {
  const price = amount(input.grossCents);
  return {
    '@type': 'Offer',
    url: input.url,
    sku: input.sku,
    price,
    priceCurrency: 'EUR',
    priceSpecification: { '@type': 'UnitPriceSpecification', price, priceCurrency: 'EUR', valueAddedTaxIncluded: true },
    ...(input.validUntil ? { priceValidUntil: input.validUntil } : {}),
    availability: `${SCHEMA}/${input.availability}`,
    itemCondition: `${SCHEMA}/NewCondition`,
    ...(input.ships
      ? {
          shippingDetails: {
            '@type': 'OfferShippingDetails',
            shippingRate: { '@type': 'MonetaryAmount', value: amount(SHIPPING_MARKUP.rateCents), currency: SHIPPING_MARKUP.currency },
            shippingDestination: { '@type': 'DefinedRegion', addressCountry: SHIPPING_MARKUP.country },
            deliveryTime: {
              '@type': 'ShippingDeliveryTime',
              transitTime: {
                '@type': 'QuantitativeValue',
                minValue: SHIPPING_MARKUP.transitDays[0],
                maxValue: SHIPPING_MARKUP.transitDays[1],
                unitCode: 'DAY',
              },
            },
          },
        }
      : {}),
  };
}

export function productJsonLd(input: ProductInput) {
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: input.name,
    sku: input.sku,
    url: input.url,
    ...(input.description ? { description: input.description } : {}),
    ...(input.images.length > 0 ? { image: [...input.images] } : {}),
    ...(input.brand ? { brand: { '@type': 'Brand', name: input.brand } } : {}),
    ...(input.category ? { category: input.category } : {}),
    offers: offer(input.offer),
    ...(input.rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: input.rating.rating,
            reviewCount: input.rating.count,
            bestRating: input.rating.best,
            worstRating: 1,
          },
        }
      : {}),
    ...(input.reviews.length > 0
      ? {
          review: input.reviews.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.author },
            datePublished: review.date,
            name: review.title,
            reviewBody: review.body,
            ...(review.rating !== null
              ? { reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 } }
              : {}),
          })),
        }
      : {}),
  };
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the script. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
