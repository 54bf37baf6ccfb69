import type { Metadata } from 'next';
import { CUTTING_BOARD_SKU, ProductPageView, productPageMetadata } from '@/components/product/ProductPageView.tsx';

/** ISR like every product page (catalogue.md §9). */
export const revalidate = 86400;

export async function generateMetadata(): Promise<Metadata> {
  return productPageMetadata({ parentSku: CUTTING_BOARD_SKU });
}

/** /tagliere-in-polietilene-su-misura.html: the product page of the made-to-measure cutting board (catalogue.md §2). */
export default function CuttingBoardPage() {
  return <ProductPageView parentSku={CUTTING_BOARD_SKU} />;
}
