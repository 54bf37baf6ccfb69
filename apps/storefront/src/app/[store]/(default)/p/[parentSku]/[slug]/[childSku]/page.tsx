import type { Metadata } from 'next';
import { ProductPageView, productPageMetadata } from '@/components/ProductPage.tsx';

export const revalidate = 86400;

export function generateStaticParams(): { parentSku: string; slug: string; childSku: string }[] {
  return [];
}

type Props = { params: Promise<{ store: string; parentSku: string; slug: string; childSku: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { parentSku, slug, childSku } = await params;
  return productPageMetadata({ parentSku, slug, childSku });
}

/** Product page /p/{parentSku}/{slug}/{childSku} (configurable product with a chosen child). */
export default async function ConfigurableProductPage({ params }: Props) {
  const { parentSku, slug, childSku } = await params;
  return <ProductPageView parentSku={parentSku} slug={slug} childSku={childSku} />;
}
