import { attributeInput, attributeLabel, optionValue, type AttributeCode } from '../attributes.ts';
import type { LeafRef } from '../departments/index.ts';
import type { Rng } from '../rng.ts';

/** What a product is, before it becomes a document: the parts of its name. */
export interface Design {
  ref: LeafRef;
  family: string;
  brand: string | null;
  line: string | null;
  variantIndex: number | null;
  suffixIndex: number | null;
}

export function pickDesign(rng: Rng, ref: LeafRef): Design {
  const { leaf, department } = ref;
  const brands = leaf.brands ?? department.brands;
  const brandNames = Object.keys(brands);
  const brand = brandNames.length > 0 ? rng.pick(brandNames) : null;
  const lines = brand ? (brands[brand] ?? []) : [];
  return {
    ref,
    family: rng.pick(leaf.families),
    brand,
    line: lines.length > 0 ? rng.pick(lines) : null,
    variantIndex: leaf.variant ? rng.int(0, leaf.variant.labels.length - 1) : null,
    suffixIndex: leaf.suffixes ? rng.int(0, leaf.suffixes.length - 1) : null,
  };
}

function variantLabel(design: Design): string | null {
  const labels = design.ref.leaf.variant?.labels;
  return labels && design.variantIndex !== null ? (labels[design.variantIndex] ?? null) : null;
}

/** family + brand + line + variant + suffix, e.g. 'Coltello da disosso Victorinox Fibrox 15 cm'. */
export function designName(design: Design): string {
  const suffix = design.suffixIndex !== null ? design.ref.leaf.suffixes?.[design.suffixIndex] : null;
  return [design.family, design.brand, design.line, variantLabel(design), suffix].filter(Boolean).join(' ');
}

/**
 * Where the product sits on its subcategory's size scale, 0..1: the variant (blade length,
 * capacity, table size) or, failing that, the ordered suffix (TC 8 … TC 32). Null when neither,
 * and then price and power are drawn freely.
 */
export function designScale(design: Design): number | null {
  const { variant, suffixes } = design.ref.leaf;
  if (variant && design.variantIndex !== null) return ratio(design.variantIndex, variant.labels.length);
  if (suffixes && design.suffixIndex !== null) return ratio(design.suffixIndex, suffixes.length);
  return null;
}

const ratio = (index: number, length: number): number => (length > 1 ? index / (length - 1) : 0.5);

/** Attributes whose options are ordered by size, so they follow the product's scale. */
const SCALED: ReadonlySet<AttributeCode> = new Set(['potenza', 'capacita']);

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether `text` contains `phrase` as whole words ('a' must not match inside 'padella'). */
function states(text: string, phrase: string): boolean {
  for (let i = text.indexOf(phrase); i >= 0; i = text.indexOf(phrase, i + 1)) {
    const before = text[i - 1];
    const after = text[i + phrase.length];
    if ((!before || !WORD_CHAR.test(before)) && (!after || !WORD_CHAR.test(after))) return true;
  }
  return false;
}

interface DesignAttributes {
  /** Top-level product fields: option ids as strings, comma lists for multiselect, text as is. */
  fields: Record<string, string>;
  /** [label, human value] pairs for the description's technical list. */
  specs: [string, string][];
}

export function designAttributes(rng: Rng, design: Design, skip: ReadonlySet<AttributeCode> = new Set()): DesignAttributes {
  const fields: Record<string, string> = {};
  const specs: [string, string][] = [];
  const set = (code: AttributeCode, labels: string[]): void => {
    const input = attributeInput(code);
    fields[code] = input === 'text' ? labels.join(', ') : labels.map((l) => optionValue(code, l)).join(',');
    specs.push([attributeLabel(code), labels.join(', ')]);
  };

  if (design.brand) set('marca', [design.brand]);
  const { variant, attrs = {} } = design.ref.leaf;
  const variantText = variantLabel(design);
  if (variant && variantText && !skip.has(variant.code)) set(variant.code, [variantText]);

  const scale = designScale(design);
  const name = designName(design).toLowerCase();
  for (const [code, labels] of Object.entries(attrs) as [AttributeCode, readonly string[]][]) {
    if (skip.has(code) || code === variant?.code || labels.length === 0) continue;
    // A value the name already states wins: 'Padella in ferro blu' is made of 'Ferro blu'.
    const stated = labels.filter((label) => states(name, label.toLowerCase()));
    if (stated.length > 0) {
      set(code, attributeInput(code) === 'multiselect' ? stated : [stated[0] as string]);
    } else if (attributeInput(code) === 'multiselect') {
      set(code, rng.pickSome(labels, rng.int(1, Math.min(2, labels.length))));
    } else if (SCALED.has(code) && scale !== null) {
      const jitter = rng.int(-1, 1);
      const index = Math.min(labels.length - 1, Math.max(0, Math.round(scale * (labels.length - 1)) + jitter));
      set(code, [labels[index] as string]);
    } else {
      set(code, [rng.pick(labels)]);
    }
  }
  return { fields, specs };
}
