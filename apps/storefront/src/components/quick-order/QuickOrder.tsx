'use client';

import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import type { QuickOrderRowResult } from '@shop/contracts';
import { bulkAddPlan, formatPrice, parseQuickOrder, QUICK_ORDER_MAX_BYTES, QUICK_ORDER_MESSAGES, toCents, type BulkAddPlan } from '@shop/domain';
import { addPlanned, resolveRows } from '@/lib/cart/bulk-add.ts';
import { fillTemplate } from '@/lib/message-patterns.ts';
import { rowProblemText } from './bulk-add-message.ts';
import type { BulkAddTexts } from './bulk-add-texts.ts';
import { BulkAddReport, type BulkAddOutcome } from './BulkAddReport.tsx';
import styles from './quick-order.module.css';

/** A row as the table shows it: what was typed, what the shop found, and what is wrong (English, from the rules or the API). */
interface ShownRow {
  line: number;
  sku: string;
  qty: number;
  resolved: QuickOrderRowResult | null;
  problem: string | null;
}

/**
 * The quick order (issue 42 point 17): rows of code and quantity typed, pasted or read from a CSV
 * file, each checked by the shop (name, unit price excl. VAT, availability, or what is wrong), then
 * every valid row added to the cart at once; the report says what was added and what was not.
 */
export function QuickOrder({ texts }: { texts: BulkAddTexts }) {
  const id = useId();
  const [text, setText] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [rows, setRows] = useState<ShownRow[] | null>(null);
  const [busy, setBusy] = useState<'checking' | 'adding' | null>(null);
  const [outcome, setOutcome] = useState<BulkAddOutcome | null>(null);
  const t = (key: string, params?: Record<string, string | number>) => fillTemplate(texts[key] ?? key, params);
  const problemText = (problem: string, name?: string | null) => rowProblemText(problem, texts, { name: name ?? '' });

  async function check(source: string) {
    setOutcome(null);
    setRows(null);
    const parsed = parseQuickOrder(source);
    if ('error' in parsed) {
      setFormError(problemText(parsed.error));
      return;
    }
    if (parsed.rows.length === 0) {
      setFormError(t('quickOrder.empty'));
      return;
    }
    setFormError(null);
    setBusy('checking');
    const wellFormed = parsed.rows.filter((row) => !row.problem);
    const resolved = await resolveRows(wellFormed.map(({ sku, qty }) => ({ sku, qty })));
    setBusy(null);
    if (!resolved) {
      setOutcome('failed');
      return;
    }
    const byRow = new Map(wellFormed.map((row, index) => [row, resolved[index] ?? null]));
    setRows(
      parsed.rows.map((row) => {
        const found = byRow.get(row) ?? null;
        return { line: row.line, sku: row.sku, qty: row.qty, resolved: found, problem: row.problem ?? found?.error ?? null };
      }),
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void check(text);
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setOutcome(null);
    setRows(null);
    if (file.size > QUICK_ORDER_MAX_BYTES) {
      setFormError(problemText(QUICK_ORDER_MESSAGES.tooLarge));
      return;
    }
    const content = await file.text();
    setText(content);
    await check(content);
  }

  async function addAll() {
    if (!rows) return;
    const resolved = rows.flatMap((row) => (row.resolved ? [row.resolved] : []));
    const plan = bulkAddPlan(resolved);
    const unread: BulkAddPlan['refused'] = rows
      .filter((row) => !row.resolved && row.problem)
      .map((row) => ({ sku: row.sku, qty: row.qty, name: t('quickOrder.lineLabel', { line: row.line, sku: row.sku }), error: row.problem ?? '' }));
    setBusy('adding');
    await addPlanned(plan);
    setBusy(null);
    setOutcome({ add: plan.add, refused: [...unread, ...plan.refused] });
  }

  const valid = rows?.filter((row) => row.resolved && row.problem === null).length ?? 0;
  const availability = (row: QuickOrderRowResult) => {
    if (row.stock_status === 'out_of_stock') return t('quickOrder.outOfStock');
    if (row.stock_status === 'volatile') return t('quickOrder.volatile');
    return row.max_qty === null ? t('quickOrder.available') : t('quickOrder.availableQty', { qty: row.max_qty });
  };

  return (
    <>
      <form className={styles.form} noValidate onSubmit={submit} data-testid="quick-order-form">
        <p className={styles.field}>
          <label htmlFor={`${id}-rows`}>{t('quickOrder.rowsLabel')}</label>
          <span id={`${id}-rows-hint`} className={styles.hint}>
            {t('quickOrder.rowsHint')}
          </span>
          <textarea
            id={`${id}-rows`}
            rows={8}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${id}-rows-hint${formError ? ` ${id}-error` : ''}`}
            aria-invalid={formError ? true : undefined}
            spellCheck={false}
            autoComplete="off"
          />
        </p>
        <p className={styles.field}>
          <label htmlFor={`${id}-file`}>{t('quickOrder.fileLabel')}</label>
          <span id={`${id}-file-hint`} className={styles.hint}>
            {t('quickOrder.fileHint')}
          </span>
          <input id={`${id}-file`} type="file" accept=".csv,.txt,text/csv,text/plain" aria-describedby={`${id}-file-hint`} onChange={(event) => void upload(event)} />
        </p>
        {formError && (
          <p id={`${id}-error`} role="alert" className={styles.error}>
            {formError}
          </p>
        )}
        <p className={styles.actions}>
          <button type="submit" className="button button--secondary" disabled={busy !== null}>
            {busy === 'checking' ? t('quickOrder.checking') : t('quickOrder.check')}
          </button>
        </p>
      </form>
      {rows && (
        <section aria-labelledby={`${id}-rows-heading`}>
          <h2 id={`${id}-rows-heading`}>{t('quickOrder.rowsHeading')}</h2>
          <p role="status">{t('quickOrder.summary', { valid, total: rows.length })}</p>
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="quick-order-rows">
              <thead>
                <tr>
                  <th scope="col">{t('quickOrder.col.line')}</th>
                  <th scope="col">{t('quickOrder.col.sku')}</th>
                  <th scope="col">{t('quickOrder.col.name')}</th>
                  <th scope="col">{t('quickOrder.col.qty')}</th>
                  <th scope="col">{t('quickOrder.col.price', { label: texts['price.exclTax'] ?? '' })}</th>
                  <th scope="col">{t('quickOrder.col.availability')}</th>
                  <th scope="col">{t('quickOrder.col.status')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.line} data-line={row.line} data-sku={row.sku} className={row.problem ? styles.rowError : undefined}>
                    <td data-label={t('quickOrder.col.line')}>{row.line}</td>
                    <td data-label={t('quickOrder.col.sku')}>{row.sku}</td>
                    <td data-label={t('quickOrder.col.name')}>{row.resolved?.name ?? '—'}</td>
                    <td data-label={t('quickOrder.col.qty')} className={styles.number}>
                      {Number.isNaN(row.qty) ? '—' : row.qty}
                    </td>
                    <td data-label={t('quickOrder.col.price', { label: texts['price.exclTax'] ?? '' })} className={styles.number}>
                      {row.resolved?.price == null ? '—' : `${formatPrice(toCents(row.resolved.price))} ${texts['price.exclTax'] ?? ''}`}
                    </td>
                    <td data-label={t('quickOrder.col.availability')}>{row.resolved?.stock_status ? availability(row.resolved) : '—'}</td>
                    <td data-label={t('quickOrder.col.status')}>
                      {row.problem ? <span className={styles.error}>{problemText(row.problem, row.resolved?.name ?? row.sku)}</span> : t('quickOrder.ready')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className={styles.actions}>
            <button type="button" className="button" disabled={busy !== null || valid === 0} onClick={() => void addAll()}>
              {busy === 'adding' ? t('quickOrder.adding') : t('quickOrder.addAll', { count: valid })}
            </button>
          </p>
        </section>
      )}
      <BulkAddReport outcome={outcome} texts={texts} />
    </>
  );
}
