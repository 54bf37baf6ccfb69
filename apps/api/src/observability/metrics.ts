/**
 * The API's own Prometheus metrics beside the HTTP ones every process has (@shop/observability,
 * ADR 0033): orders placed and payment outcomes, counted by the services where they happen, and
 * how far this process's search index is behind the catalogue's change sequence. Services call
 * `shopMetrics`; nothing else of the metrics reaches them.
 */
import { processMetrics } from '@shop/observability';

/** What became of an order's payment: paid, failed (the provider could not create it), canceled (the buyer), expired (ran out or ended unpaid), flagged (paid after the order had ended). */
export type PaymentOutcome = 'paid' | 'failed' | 'canceled' | 'expired' | 'flagged';

/** How far the search index is behind: changes not applied yet and the age of the oldest in seconds; null while it is not built. */
export type SearchIndexLag = () => Promise<{ changes: number; seconds: number } | null>;

const metrics = processMetrics();
const ordersPlaced = metrics.counter({ name: 'shop_orders_placed_total', help: 'Orders placed, by payment method', labelNames: ['payment_method'] });
const payments = metrics.counter({ name: 'shop_payments_total', help: 'Payment outcomes, by payment method and outcome', labelNames: ['method', 'outcome'] });

/** The index this process follows (the last one started: one per API process). */
let searchIndexLag: SearchIndexLag | undefined;

/** One reading for the gauges of one scrape. */
let reading: { at: number; lag: Promise<{ changes: number; seconds: number } | null> } | undefined;

function readLag(): Promise<{ changes: number; seconds: number } | null> {
  if (reading && Date.now() - reading.at < 1000) return reading.lag;
  // The database not answering is shown by other figures; the lag is unknown meanwhile.
  const lag = searchIndexLag ? searchIndexLag().catch(() => null) : Promise.resolve(null);
  reading = { at: Date.now(), lag };
  return lag;
}

metrics.gauge({
  name: 'shop_search_index_ready',
  help: 'Whether this process\'s in-memory search index is built and answers (1) or the database answers searches meanwhile (0)',
  async collect() {
    this.set((await readLag()) ? 1 : 0);
  },
});

const lagGauges = [
  ['shop_search_index_lag_changes', "Catalogue changes recorded but not yet applied to this process's search index (0 while it is not built)", 'changes'],
  ['shop_search_index_lag_seconds', "Age of the oldest catalogue change not yet applied to this process's search index (0 when current)", 'seconds'],
] as const;
for (const [name, help, figure] of lagGauges) {
  metrics.gauge({
    name,
    help,
    async collect() {
      this.set((await readLag())?.[figure] ?? 0);
    },
  });
}

export const shopMetrics = {
  orderPlaced(paymentMethod: string): void {
    ordersPlaced.inc({ payment_method: paymentMethod });
  },
  payment(method: string, outcome: PaymentOutcome): void {
    payments.inc({ method, outcome });
  },
  /** Reports this index's lag from now on; the function returned stops it (the app's server closed). */
  followSearchIndex(lag: SearchIndexLag): () => void {
    searchIndexLag = lag;
    return () => {
      if (searchIndexLag === lag) searchIndexLag = undefined;
    };
  },
  /** One lookup of an in-process cache of the API. */
  cacheLookup(cache: string, hit: boolean): void {
    metrics.cacheLookup(cache, hit ? 'hit' : 'miss');
  },
};
