/** SERVER ONLY (see client.ts). The attributes the compare table shows (is_comparable). */
import { cache } from 'react';
import type { AttributeDoc } from '@shop/domain';
import { CacheTag, attributeTags } from '@/lib/cache-tags.ts';
import type { ComparableAttribute } from '@/lib/compare/attribute-value.ts';
import { catalogQuery } from './client.ts';

export const getComparableAttributes = cache(async (): Promise<ComparableAttribute[]> => {
  const { items } = await catalogQuery<Pick<AttributeDoc, 'attribute_code' | 'default_frontend_label' | 'frontend_input' | 'options'>>(
    {
      entityType: 'attribute',
      filters: { is_comparable: { eq: true } },
      sort: 'position:asc',
      size: 200,
      includeFields: ['attribute_code', 'default_frontend_label', 'frontend_input', 'options'],
    },
    attributeTags(CacheTag.compare),
  );
  return items.map((a) => ({
    code: a.attribute_code,
    label: a.default_frontend_label || a.attribute_code,
    input: a.frontend_input,
    options: Object.fromEntries((a.options ?? []).map((o) => [String(o.value), o.label])),
  }));
});
