import type { ConfigurableChild, ConfigurableOption, ProductDoc } from '@shop/domain';
import { attributeId, attributeLabel, optionValue } from '../attributes.ts';
import { slugify } from '../format.ts';
import { designAttributes, designName, pickDesign } from './design.ts';
import { productCopy } from './descriptions.ts';
import { assemble, dates, gallery, productId, productSku, type BuildState } from './document.ts';
import type { Combo, Unit } from './plan.ts';
import { childPrice, listPrice, specialPrice } from './pricing.ts';
import { compositeAvailability, physicalAvailability } from './stock.ts';

/** Short SKU part for a colour: 'Rosso' → 'ROS'. */
const colourCode = (label: string): string => slugify(label).slice(0, 3).toUpperCase();

function comboSkuPart(combo: Combo): string {
  return [combo.colore && colourCode(combo.colore), combo.taglia].filter(Boolean).join('-');
}

function comboTitle(combo: Combo): string {
  return [combo.colore, combo.taglia && `taglia ${combo.taglia}`].filter(Boolean).join(' - ');
}

const CONFIG_CODES = ['taglia', 'colore'] as const;
const AVAILABLE_LABEL = { taglia: 'Taglie disponibili', colore: 'Colori disponibili' } as const;

/**
 * A configurable parent followed by its children. Children are real simple products (visibility 1,
 * parent_sku set) and are also embedded in configurable_children; the first child is always
 * sellable, the others may be sold out or disabled.
 */
export function configurableDocs(state: BuildState, unit: Extract<Unit, { kind: 'configurable' }>, index: number): ProductDoc[] {
  const { rng, ctx } = state;
  const { ref, combos } = unit;
  const parentId = productId(index);
  const parentSku = productSku(ref.department, parentId);
  const design = pickDesign(rng, ref);
  const name = designName(design);
  const codes = CONFIG_CODES.filter((code) => combos.some((c) => c[code]));
  const { fields, specs } = designAttributes(rng, design, new Set(codes));
  const labelsOf = (code: (typeof CONFIG_CODES)[number]): string[] => [...new Set(combos.map((c) => c[code] ?? ''))];
  for (const code of codes) specs.push([AVAILABLE_LABEL[code], labelsOf(code).join(', ')]);
  const copy = productCopy(rng, ref, name, specs);
  const created = dates(rng, ctx.nowMs);
  const images = gallery(rng, ref.department);
  const basePrice = listPrice(rng, design);

  const children = combos.map((combo, i) => {
    const childIndex = index + 1 + i;
    const id = productId(childIndex);
    const price = childPrice(rng, basePrice);
    const comboFields: Record<string, string> = {};
    for (const code of codes) comboFields[code] = optionValue(code, combo[code] ?? '');
    return assemble(state, {
      index: childIndex,
      sku: `${parentSku}-${comboSkuPart(combo)}`,
      type: 'simple',
      ref,
      name: `${name} - ${comboTitle(combo)}`,
      price,
      visibility: 1,
      status: i > 0 && rng.chance(0.08) ? 2 : 1,
      availability: physicalAvailability(rng, id, price, ctx.nowMs, i === 0 ? 'in' : undefined),
      fields: { ...fields, ...comboFields },
      copy,
      dates: created,
      images: [rng.pick(images)],
      special: specialPrice(rng, price, ctx.nowMs),
      extra: { parent_sku: parentSku, parent_id: parentId },
    });
  });

  const configurableOptions: ConfigurableOption[] = codes.map((code, position) => ({
    id: parentId * 10 + position,
    attribute_id: String(attributeId(code)),
    attribute_code: code,
    label: attributeLabel(code),
    position,
    product_id: parentId,
    values: labelsOf(code).map((label) => ({ value_index: Number(optionValue(code, label)), label })),
  }));
  const embedded: ConfigurableChild[] = children.map((child) => ({
    sku: child.sku,
    id: child.id,
    name: child.name,
    status: child.status,
    price: child.price,
    ...(child.special_price !== undefined && {
      special_price: child.special_price,
      special_from_date: child.special_from_date,
      special_to_date: child.special_to_date,
    }),
    tax_class_id: child.tax_class_id,
    image: child.image,
    url_key: child.url_key,
    stock: child.stock,
    ...Object.fromEntries(codes.map((code) => [code, child[code]])),
    custom_attributes: codes.map((code) => ({ attribute_code: code, value: child[code] })),
  }));
  const optionLists = Object.fromEntries(codes.map((code) => [`${code}_options`, labelsOf(code).map((l) => optionValue(code, l))]));

  const parent = assemble(state, {
    index,
    sku: parentSku,
    type: 'configurable',
    ref,
    name,
    price: Math.min(...children.map((c) => c.price)),
    visibility: 4,
    status: rng.chance(0.02) ? 2 : 1,
    availability: compositeAvailability(
      parentId,
      children.some((c) => c.status === 1 && c.stock?.is_in_stock),
    ),
    fields,
    copy,
    dates: created,
    images,
    extra: { configurable_options: configurableOptions, configurable_children: embedded, ...optionLists },
  });
  return [parent, ...children];
}
