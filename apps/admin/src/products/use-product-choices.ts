import { useMemo } from 'react';
import { useCustom } from '@refinedev/core';
import type { AdminCategoryTree, AdminProductChoices } from '@shop/contracts';
import { categoryChoices } from './category-choices.ts';

/** What the product screens offer: the API's choices (types, tax classes, groups, brands, attributes) and the shop's categories. */
export function useProductChoices() {
  const asked = useCustom<AdminProductChoices>({ url: '/product-choices', method: 'get', queryOptions: { staleTime: 60_000 } });
  const tree = useCustom<AdminCategoryTree>({ url: '/categories', method: 'get', queryOptions: { staleTime: 60_000 } });
  // Refine answers an empty object until the data has come.
  const choices = asked.result.data?.taxClasses ? asked.result.data : undefined;
  const items = tree.result.data?.items;
  const rootId = tree.result.data?.rootId;
  const categories = useMemo(() => (items && rootId !== undefined ? categoryChoices(items, rootId) : []), [items, rootId]);
  return { choices, categories, ready: Boolean(choices && items), error: asked.query.error ?? tree.query.error };
}
