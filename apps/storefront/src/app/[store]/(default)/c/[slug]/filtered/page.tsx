import type { Metadata } from 'next';
import { CategoryView, categoryMetadata } from '@/components/category/CategoryView.tsx';
import { parseCategoryQuery } from '@/lib/filters/query-state.ts';
import { decodeParam } from '@/lib/shop-url.ts';

/*
 * A category view with filters, sort or page in the query string (/c/{slug}?colore=20101
 * &price=50.0-100.0&sort=price:asc&p=2). proxy.ts rewrites such URLs here; the address bar
 * keeps the public URL. Reading searchParams makes this route dynamic (rendered per request,
 * not stored in the page cache); its catalogue reads still use the data cache except the
 * filtered product list (see lib/api/listing.ts). Not a public URL: /c/{slug}/filtered is a 404.
 */

type Props = {
  params: Promise<{ store: string; slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  return categoryMetadata(decodeParam(slug), parseCategoryQuery(query));
}

/** Category page /c/{slug} with a view in the query string. */
export default async function FilteredCategoryPage({ params, searchParams }: Props) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  return <CategoryView slug={decodeParam(slug)} view={parseCategoryQuery(query)} cached={false} />;
}
