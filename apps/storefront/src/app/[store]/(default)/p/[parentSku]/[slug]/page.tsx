import type { Metadata } from 'next';
import { ProductPageView, productPageMetadata } from '@/components/product/ProductPageView.tsx';

/** ISR: rendered on first request, then cached for a day (catalogue.md §9) under the product's tags. */
export const revalidate = 86400;

export function generateStaticParams(): { parentSku: string; slug: string }[] {
  return [];
}

type Props = { params: Promise<{ store: string; parentSku: string; slug: string }> };

/** Route params arrive percent-encoded as they were in the URL (`productUrl` encodes them). */
function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { parentSku } = await params;
  return productPageMetadata({ parentSku: decode(parentSku) });
}

/** Product page /p/{parentSku}/{slug} (simple, virtual, bundle, grouped, downloadable, and configurable without a child). */
export default async function ProductPage({ params }: Props) {
  const { parentSku } = await params;
  return <ProductPageView parentSku={decode(parentSku)} />;
}
