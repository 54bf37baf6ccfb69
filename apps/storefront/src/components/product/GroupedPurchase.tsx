'use client';

/**
 * Purchase island of grouped products: a table of the associated simple products with a
 * quantity each (from 0) and the total of the selection. The headline reads "da €X", the cheapest
 * member that can be bought (issue 42 point 10); with none, the grouped price of catalogue.md §4.
 */
import { formatPrice, type ProductLink } from '@shop/domain';
import { useMemo, useState } from 'react';
import { groupedForCart, type CartOrigin } from './cart-items.ts';
import { groupedFromPrice, groupedHeadline, groupedSelectionTotal } from './grouped-pricing.ts';
import { itemPriceView } from './pricing.ts';
import { AddToCart, PurchaseHead, problemText } from './PurchaseParts.tsx';
import { useLivePrices, useLiveStock } from './live.ts';
import { availabilityLine, maxOrderQuantity, STOCK_PREFETCH_COUNT, stockStatus, type StockStatus } from './stock.ts';
import { fill } from './fill.ts';
import type { PurchaseTexts } from './text-keys.ts';
import type { AvailabilityInfo, GroupedMember, SellableItem } from './types.ts';
import { parseQuantity, priceProblem, productErrorProblems, stockProblem, type Problem } from './validation.ts';
import styles from './purchase.module.css';

export interface GroupedPurchaseProps {
  texts: PurchaseTexts;
  /** The grouped product itself (its own availability texts and stock). */
  item: SellableItem;
  links: readonly ProductLink[];
  /** Enabled associated products in link position order. */
  members: readonly GroupedMember[];
  errors: readonly string[];
  origin: CartOrigin;
}

/** A member's own availability, compact in its row (the product's line stays the one above the table). */
function MemberAvailability({ status, info, texts }: { status: StockStatus; info: AvailabilityInfo; texts: PurchaseTexts }) {
  const line = availabilityLine(status, info, texts);
  return <span className={`${styles.badge} ${styles[line.tone]}`}>{line.text}</span>;
}

export function GroupedPurchase({ texts, item, links, members, errors, origin }: GroupedPurchaseProps) {
  const docs = useMemo(() => Object.fromEntries(members.map((member) => [member.sku, member])), [members]);
  const prices = useLivePrices(docs);
  const prefetch = useMemo(() => members.slice(0, STOCK_PREFETCH_COUNT).map((member) => member.sku), [members]);
  const stock = useLiveStock(prefetch, undefined);
  const rows = members.map((member) => {
    const current = prices[member.sku] ?? member;
    const live = stock[member.sku];
    const withStock = live ? { ...current, stock: live } : current;
    return { member: withStock, status: stockStatus(live, member.stock) };
  });

  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    // Nothing is chosen until the shopper says how many (issue 42 point 10); adding needs at least one.
    Object.fromEntries(members.map((m) => [m.sku, '0'])),
  );
  const parsed = rows.map(({ member }) => parseQuantity(quantities[member.sku] ?? '0', { min: 0, max: maxOrderQuantity(member.stock) }));
  const chosen = Object.fromEntries(rows.map(({ member }, i) => { const p = parsed[i]; return [member.sku, p?.ok ? p.qty : 0]; }));
  const grouped = groupedHeadline(links, rows.map((row) => row.member));
  const from = groupedFromPrice(rows.map((row) => ({ member: row.member, buyable: row.status !== 'out_of_stock' })));
  const headline = from ?? grouped;
  const total = groupedSelectionTotal(rows.map((row) => row.member), chosen);

  const everyMemberOut = rows.length > 0 && rows.every((row) => row.status === 'out_of_stock');
  const reasons = [
    ...productErrorProblems(errors),
    priceProblem(headline.gross),
    stockProblem(everyMemberOut ? 'out_of_stock' : stockStatus(stock[item.sku], item.stock)),
  ].filter((problem): problem is Problem => problem !== null);

  const validate = (): Problem[] => {
    const problems: Problem[] = [];
    rows.forEach(({ member, status }, i) => {
      const result = parsed[i];
      if (result && !result.ok) problems.push(result.problem);
      else if ((chosen[member.sku] ?? 0) > 0 && status === 'out_of_stock') {
        problems.push({ key: 'itemOutOfStock', params: { name: member.name } });
      }
    });
    if (problems.length === 0 && Object.values(chosen).every((qty) => qty === 0)) problems.push({ key: 'groupedEmpty' });
    return problems;
  };

  return (
    <>
      <PurchaseHead
        sku={item.sku}
        price={headline}
        from={from !== null}
        status={everyMemberOut ? 'out_of_stock' : stockStatus(stock[item.sku], item.stock)}
        info={item.availability}
        texts={texts}
      />
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className={styles.caption}>{texts.groupedCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.groupedProduct}</th>
              <th scope="col">{texts.groupedPrice}</th>
              <th scope="col">{texts.groupedAvailability}</th>
              <th scope="col">{texts.groupedQuantity}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ member, status }, i) => {
              const price = itemPriceView(member);
              const result = parsed[i];
              const errorId = `qty-error-${member.sku}`;
              return (
                <tr key={member.sku}>
                  <th scope="row" className={styles.rowName}>
                    {member.name}
                    <span className={styles.rowSku}>{member.sku}</span>
                  </th>
                  <td className={styles.rowPrice}>
                    {price.originalNet !== null && (
                      <>
                        <span className="visually-hidden">{texts.was}: </span>
                        <s>{formatPrice(price.originalNet)}</s>{' '}
                      </>
                    )}
                    <strong>{formatPrice(price.net)}</strong> <span className={styles.hint}>{texts.exclTax}</span>
                    <br />
                    <span className={styles.hint}>
                      {formatPrice(price.gross)} {texts.inclTax}
                    </span>
                  </td>
                  <td>
                    <MemberAvailability status={status} info={member.availability} texts={texts} />
                  </td>
                  <td>
                    <input
                      className={styles.qtyInput}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      step={1}
                      value={quantities[member.sku] ?? '0'}
                      disabled={status === 'out_of_stock'}
                      aria-label={fill(texts.groupedQtyFor, { name: member.name })}
                      aria-invalid={result && !result.ok ? true : undefined}
                      aria-describedby={result && !result.ok ? errorId : undefined}
                      onChange={(event) => setQuantities((current) => ({ ...current, [member.sku]: event.target.value }))}
                    />
                    {result && !result.ok && (
                      <p id={errorId} className={styles.fieldError}>
                        {problemText(texts, result.problem)}
                      </p>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {texts.groupedTotal}
              </th>
              <td colSpan={2} aria-live="polite">
                <strong>{formatPrice(total.net)}</strong> <span className={styles.hint}>{texts.exclTax}</span>
                <br />
                <span className={styles.hint}>
                  {formatPrice(total.gross)} {texts.inclTax}
                </span>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <AddToCart
        texts={texts}
        blocking={reasons}
        validate={validate}
        signature={JSON.stringify(quantities)}
        toCart={() => groupedForCart(rows, chosen, origin.url)}
      />
    </>
  );
}
