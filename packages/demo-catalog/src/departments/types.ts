import type { AttributeCode } from '../attributes.ts';
import type { CustomOptionSetKey } from '../products/custom-options.ts';
import type { ProductTaxClass } from '../tax-rules.ts';

/** Brand → product lines; a product name is family + brand + line + variant + suffix. */
type BrandLines = Readonly<Record<string, readonly string[]>>;

/** A subcategory (level 4) and the recipe for its products. */
export interface LeafSpec {
  id: number;
  name: string;
  urlKey: string;
  /** A couple of subcategories are switched off, as in a live shop that retires a line. */
  active?: boolean;
  /** Relative share of the department's products. */
  weight: number;
  /** One Italian sentence: the category's short description and the seed of its meta description. */
  blurb: string;
  families: readonly string[];
  /** Euros excl. tax, from the smallest to the largest variant. */
  price: readonly [number, number];
  /** The attribute written at the end of the name; labels run small → large so prices follow them. */
  variant?: { code: AttributeCode; labels: readonly string[] };
  suffixes?: readonly string[];
  /** Candidate labels per attribute (free text for `dimensioni`). */
  attrs?: Partial<Record<AttributeCode, readonly string[]>>;
  /** Present when the leaf sells configurable products; the pools their children are cut from. */
  configurable?: { taglia?: readonly string[]; colore?: readonly string[] };
  customOptions?: readonly CustomOptionSetKey[];
  /** Overrides the department's brands; an empty record means unbranded (services). */
  brands?: BrandLines;
  type?: 'virtual' | 'downloadable';
  taxClass?: ProductTaxClass;
  /** Cheap add-on that suits the cart's "Potrebbe servirti anche" list. */
  accessory?: boolean;
}

/** A top category (level 3) with its copy, brands and subcategories. */
export interface DepartmentSpec {
  id: number;
  name: string;
  urlKey: string;
  /** SKU prefix: 'COL' → 'COL-00042'. */
  skuPrefix: string;
  brands: BrandLines;
  metaTitle: string;
  metaDescription: string;
  shortDescription: string;
  faq: readonly (readonly [question: string, answer: string])[];
  cmsBlockTop?: string;
  cmsBlockBottom?: string;
  /** Sentences mixed into product descriptions. */
  sellingPoints: readonly string[];
  /** Department-specific remarks mixed into reviews. */
  reviewPhrases: readonly string[];
  /** Feeds "Novità per l'industria alimentare" (id 16). */
  industry: boolean;
  /** Feeds "Horeca" (id 419). */
  horeca: boolean;
  leaves: readonly LeafSpec[];
}
