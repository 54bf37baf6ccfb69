import { readPriceHistory, type Db, type PriceHistoryEntry } from '@shop/db';
import { calculateProductTax, catalogueTaxCountry, findTaxRate, GUEST_GROUP_ID, type ProductDoc, type ProductTaxContext, type TaxRuleDoc } from '@shop/domain';
import { cachedLoader } from '../../cache/cached-loader.ts';
import { discountedSkus, withLowestPrice30d } from './lowest-price-30d.ts';

export interface ProductPricingOptions {
  defaultCountry: string;
  /**
   * The customer tax class of each customer group (Magento keeps one per group): a signed-in
   * customer's prices are taxed by the rules of their group's class. A group not listed, and
   * guests, are taxed by the first rule of the product's class, whatever its customer classes.
   */
  groupTaxClasses?: ReadonlyMap<number, number>;
  now?: () => Date;
}

/** Whom prices are for: a customer tax class (VSF's userGroupId) and the customer group whose tier prices apply. */
export interface PriceAudience {
  /** A customer tax class asked for (VSF's userGroupId); unset: the customer group's (`groupTaxClasses`). */
  userGroupId?: number | undefined;
  /** Guests' group (0) unless a signed-in customer's request says otherwise: a body field never selects it. */
  customerGroupId?: number;
}

/**
 * Prices of product documents as shoppers see them: taxed on the server by the shop's tax rules
 * (optionally for one customer tax class, VSF's userGroupId), at one unit with the tier prices of
 * the customer group, with the lowest price of the 30 days before a discount next to every discount.
 */
export class ProductPricing {
  private readonly taxRules: ReturnType<typeof cachedLoader<TaxRuleDoc[]>>;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly options: ProductPricingOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.taxRules = cachedLoader(async () => {
      const rows = await db.selectFrom('tax_rule').select('doc').orderBy('id').execute();
      return rows.map((r) => r.doc as unknown as TaxRuleDoc);
    });
  }

  /** Forgets the cached tax rules after the catalogue changed. */
  invalidate(): void {
    this.taxRules.clear();
  }

  /** Taxed documents (one unit, the audience's tier prices): price, special, final and original prices with their tax and incl-tax values. */
  async tax(docs: readonly ProductDoc[], audience: PriceAudience = {}): Promise<ProductDoc[]> {
    const { rules, ctx } = await this.taxContext(audience);
    return docs.map((doc) => calculateProductTax(doc, rules, ctx));
  }

  /**
   * Taxed documents plus lowest_price_30d(_incl_tax) on those showing a discount (one more read,
   * only then, unless the caller read the history of at least those skus already: `knownHistory`).
   */
  async price(docs: readonly ProductDoc[], audience: PriceAudience = {}, knownHistory?: ReadonlyMap<string, PriceHistoryEntry[]>): Promise<ProductDoc[]> {
    const { rules, ctx } = await this.taxContext(audience);
    const taxed = docs.map((doc) => calculateProductTax(doc, rules, ctx));
    const skus = discountedSkus(taxed);
    if (skus.length === 0) return taxed;
    const history = knownHistory ?? (await readPriceHistory(this.db, skus));
    return taxed.map((doc) => withLowestPrice30d(doc, history, findTaxRate(doc.tax_class_id, rules, ctx)));
  }

  /**
   * The shop's tax rules and the context they apply in, one unit priced for the audience's group
   * (the cart taxes for the shipping country and prices each line's quantity).
   */
  async taxContext({ userGroupId, customerGroupId = GUEST_GROUP_ID }: PriceAudience = {}): Promise<{ rules: TaxRuleDoc[]; ctx: ProductTaxContext }> {
    return {
      rules: await this.taxRules.get(),
      ctx: {
        country: catalogueTaxCountry(this.options.defaultCountry),
        now: this.now(),
        userGroupId: userGroupId ?? this.options.groupTaxClasses?.get(customerGroupId),
        tier: { groupId: customerGroupId, qty: 1 },
      },
    };
  }
}
