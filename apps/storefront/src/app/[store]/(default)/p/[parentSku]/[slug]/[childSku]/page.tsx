import type { Metadata } from 'next';
import { ProductPageView, productPageMetadata } from '@/components/product/ProductPageView.tsx';

/** ISR: rendered on first request, then cached for a day (catalogue.md §9) under the product's tags. */
export const revalidate = 86400;

export function generateStaticParams(): { parentSku: string; slug: string; childSku: string }[] {
  return [];
}

type Props = { params: Promise<{ store: string; parentSku: string; slug: string; childSku: string }> };

/** Route params arrive percent-encoded as they were in the URL (`productUrl` encodes them). */
function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { parentSku, childSku } = await params;
  return productPageMetadata({ parentSku: decode(parentSku), childSku: decode(childSku) });
}

/** Product page /p/{parentSku}/{slug}/{childSku}: a configurable product with the variant chosen on the server. */
export default async function ConfigurableProductPage({ params }: Props) {
  const { parentSku, childSku } = await params;
  return <ProductPageView parentSku={decode(parentSku)} childSku={decode(childSku)} />;
}
