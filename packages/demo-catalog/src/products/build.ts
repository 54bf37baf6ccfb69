import type { BundleOption, ProductDoc, ProductLink } from '@shop/domain';
import { leafById } from '../departments/index.ts';
import { euro } from '../format.ts';
import { configurableDocs } from './configurable.ts';
import { customOptionsDoc, optionSetSpecs } from './custom-options.ts';
import { designAttributes, designName, pickDesign, type Design } from './design.ts';
import { productCopy } from './descriptions.ts';
import { assemble, dates, gallery, productId, productSku, type BuildState } from './document.ts';
import { KIT_EDITIONS } from './kits.ts';
import type { Unit } from './plan.ts';
import { listPrice, specialPrice, tierPrices } from './pricing.ts';
import { compositeAvailability, physicalAvailability, serviceAvailability } from './stock.ts';

interface SimpleOptions {
  withOptions?: boolean;
  /** Members of grouped and bundle products stay enabled so their parents are sellable. */
  alwaysEnabled?: boolean;
}

function simpleDoc(state: BuildState, index: number, design: Design, options: SimpleOptions = {}): ProductDoc {
  const { rng, ctx } = state;
  const id = productId(index);
  const name = designName(design);
  const price = listPrice(rng, design);
  const { fields, specs } = designAttributes(rng, design);
  const { customOptions } = design.ref.leaf;
  return assemble(state, {
    index,
    sku: productSku(design.ref.department, id),
    type: 'simple',
    ref: design.ref,
    name,
    price,
    visibility: 4,
    status: !options.alwaysEnabled && rng.chance(0.02) ? 2 : 1,
    availability: physicalAvailability(rng, id, price, ctx.nowMs),
    fields,
    copy: productCopy(rng, design.ref, name, specs),
    dates: dates(rng, ctx.nowMs),
    images: gallery(rng, design.ref.department),
    special: specialPrice(rng, price, ctx.nowMs),
    tiers: tierPrices(rng, price),
    extra:
      options.withOptions && customOptions
        ? { custom_options: customOptionsDoc(id, optionSetSpecs(customOptions)) }
        : undefined,
  });
}

/** A grouped product sells one line in several sizes: the members are that line's simple products. */
function groupedDocs(state: BuildState, unit: Extract<Unit, { kind: 'grouped' }>, index: number): ProductDoc[] {
  const { rng, ctx } = state;
  const base = pickDesign(rng, unit.ref);
  const labels = unit.ref.leaf.variant?.labels ?? [];
  const variantIndexes = rng.pickSome(labels.map((_, i) => i), unit.members);
  const members = variantIndexes.map((variantIndex, i) =>
    simpleDoc(state, index + 1 + i, { ...base, variantIndex }, { alwaysEnabled: true }),
  );
  const parentId = productId(index);
  const parentSku = productSku(unit.ref.department, parentId);
  const lineDesign = { ...base, variantIndex: null };
  const name = `${designName(lineDesign)} - varie misure`;
  const { fields, specs } = designAttributes(rng, lineDesign);
  specs.push(['Misure disponibili', variantIndexes.map((i) => labels[i]).join(', ')]);
  const links: ProductLink[] = members.map((member, position) => ({
    sku: parentSku,
    link_type: 'associated',
    linked_product_sku: member.sku,
    linked_product_type: 'simple',
    position,
    qty: 1,
    extension_attributes: { qty: 1 },
  }));
  const parent = assemble(state, {
    index,
    sku: parentSku,
    type: 'grouped',
    ref: unit.ref,
    name,
    // What the storefront shows: the associated products at qty 1.
    price: euro(members.reduce((sum, m) => sum + m.price, 0)),
    visibility: 4,
    status: 1,
    availability: compositeAvailability(parentId, members.some((m) => m.stock?.is_in_stock)),
    fields,
    copy: productCopy(rng, unit.ref, name, specs),
    dates: dates(rng, ctx.nowMs),
    images: gallery(rng, unit.ref.department),
    extra: { product_links: links },
  });
  return [parent, ...members];
}

/** A kit: each option offers one to three real simple products, the first being the default. */
function bundleDocs(state: BuildState, unit: Extract<Unit, { kind: 'bundle' }>, index: number): ProductDoc[] {
  const { rng, ctx } = state;
  const { kit, linkCounts } = unit;
  const ref = leafById(kit.leafId);
  const parentId = productId(index);
  const parentSku = productSku(ref.department, parentId);
  let next = index + 1;
  const filled = kit.options.map((option, o) => {
    const optionRef = leafById(option.leafId);
    const members = Array.from({ length: linkCounts[o] ?? 1 }, () =>
      simpleDoc(state, next++, pickDesign(rng, optionRef), { alwaysEnabled: true }),
    );
    return { option, members };
  });
  const bundleOptions: BundleOption[] = filled.map(({ option, members }, o) => ({
    option_id: parentId * 10 + o,
    title: option.title,
    required: option.required,
    type: option.type,
    position: o,
    sku: parentSku,
    product_links: members.map((member, j) => ({
      id: member.id,
      sku: member.sku,
      qty: option.qty,
      is_default: j === 0,
      price: member.price,
      price_type: 0,
      can_change_quantity: option.canChangeQty ? 1 : 0,
    })),
  }));
  const name = `${kit.name} ${rng.pick(KIT_EDITIONS)}`;
  const defaults = filled.map(({ option, members }) => ({ option, member: members[0] as ProductDoc }));
  const specs: [string, string][] = defaults.map(({ option, member }) => [option.title, `${option.qty} x ${member.name}`]);
  const sellable = defaults.every(({ option, member }) => !option.required || member.stock?.is_in_stock);
  const parent = assemble(state, {
    index,
    sku: parentSku,
    type: 'bundle',
    ref,
    name,
    // What the storefront shows: each option's default link times its quantity.
    price: euro(defaults.reduce((sum, { option, member }) => sum + member.price * option.qty, 0)),
    visibility: 4,
    status: 1,
    availability: compositeAvailability(parentId, sellable),
    fields: {},
    copy: productCopy(rng, ref, name, specs),
    dates: dates(rng, ctx.nowMs),
    images: gallery(rng, ref.department),
    extra: { bundle_options: bundleOptions },
  });
  return [parent, ...filled.flatMap((f) => f.members)];
}

/** Courses and warranties (virtual) and PDF manuals (downloadable): no shipping, never out of stock. */
function serviceDoc(state: BuildState, unit: Extract<Unit, { kind: 'virtual' | 'downloadable' }>, index: number): ProductDoc {
  const { rng, ctx } = state;
  const id = productId(index);
  const design = pickDesign(rng, unit.ref);
  const name = designName(design);
  const price = listPrice(rng, design);
  const { fields, specs } = designAttributes(rng, design);
  return assemble(state, {
    index,
    sku: productSku(unit.ref.department, id),
    type: unit.kind,
    ref: unit.ref,
    name,
    price,
    visibility: 4,
    status: 1,
    availability: serviceAvailability(id),
    fields,
    copy: productCopy(rng, unit.ref, name, specs),
    dates: dates(rng, ctx.nowMs),
    images: gallery(rng, unit.ref.department),
    special: specialPrice(rng, price, ctx.nowMs),
    extra:
      unit.kind === 'downloadable'
        ? { downloadable_links: [{ link_id: id, title: `${name} - file PDF`, number_of_downloads: 5, is_shareable: 0, sort_order: 0 }] }
        : undefined,
  });
}

/** The documents of one unit, starting at document index `index`. */
export function buildUnit(state: BuildState, unit: Unit, index: number): ProductDoc[] {
  switch (unit.kind) {
    case 'simple':
      return [simpleDoc(state, index, pickDesign(state.rng, unit.ref), { withOptions: unit.withOptions })];
    case 'configurable':
      return configurableDocs(state, unit, index);
    case 'grouped':
      return groupedDocs(state, unit, index);
    case 'bundle':
      return bundleDocs(state, unit, index);
    case 'virtual':
    case 'downloadable':
      return [serviceDoc(state, unit, index)];
  }
}
