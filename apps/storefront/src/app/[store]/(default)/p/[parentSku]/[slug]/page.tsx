import type { Metadata } from 'next';
import { ProductPageView, productPageMetadata } from '@/components/ProductPage.tsx';

export const revalidate = 86400;

export function generateStaticParams(): { parentSku: string; slug: string }[] {
  return [];
}

type Props = { params: Promise<{ store: string; parentSku: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { parentSku, slug } = await params;
  return productPageMetadata({ parentSku, slug });
}

/** Product page /p/{parentSku}/{slug} (simple, virtual, bundle, grouped, downloadable). */
export default async function ProductPage({ params }: Props) {
  const { parentSku, slug } = await params;
  return <ProductPageView parentSku={parentSku} slug={slug} />;
}
