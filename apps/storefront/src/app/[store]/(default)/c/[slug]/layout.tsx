import type { ReactNode } from 'react';
import { CategoryFrame } from '@/components/category/CategoryFrame.tsx';
import { decodeParam } from '@/lib/shop-url.ts';

/**
 * What every view of a category shares (CategoryFrame), around the bare view (./page.tsx) and
 * the views with a query string (./filtered): a soft navigation between views fetches and
 * renders only the view.
 */
export default async function CategoryLayout({ children, params }: { children: ReactNode; params: Promise<{ store: string; slug: string }> }) {
  const { slug } = await params;
  return <CategoryFrame slug={decodeParam(slug)}>{children}</CategoryFrame>;
}
