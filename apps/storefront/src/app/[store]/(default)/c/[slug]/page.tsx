import type { Metadata } from 'next';
import { CategoryView, categoryMetadata } from '@/components/category/CategoryView.tsx';
import { EMPTY_QUERY } from '@/lib/filters/query-state.ts';
import { decodeParam } from '@/lib/shop-url.ts';

/*
 * The bare category URL /c/{slug}: first page in default order, no filters. Rendered on first
 * request and ISR-cached for a day with the tags of its reads (`category`, `C{id}`, `product`,
 * `attribute`, `cms`). It never reads the query string: proxy.ts sends URLs with filters, sort
 * or page (?colore=…&sort=…&p=2) to ./filtered, rendered per request, so query-string variants
 * never multiply entries in the page cache.
 */
export const revalidate = 86400;

export function generateStaticParams(): { slug: string }[] {
  return [];
}

type Props = { params: Promise<{ store: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  return categoryMetadata(decodeParam(slug), EMPTY_QUERY);
}

/** Category page /c/{slug} (catalogue.md §2). */
export default async function CategoryPage({ params }: Props) {
  const { slug } = await params;
  return <CategoryView slug={decodeParam(slug)} view={EMPTY_QUERY} cached />;
}
