import { NEWSLETTER_CONSENT_METHOD, type AdminNewsletterSubscriber, type AdminSubscriberListQuery, type AdminSubscriberPage } from '@shop/contracts';
import type { Db } from '@shop/db';
import { csvFile, romeDateTime } from '../admin/csv.ts';

type Filter = Pick<AdminSubscriberListQuery, 'q' | 'status'>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The subscribers of a filter: part of the address in any case, a status. */
function matching(db: Db, filter: Filter) {
  let select = db.selectFrom('newsletter_subscriber as s');
  // email_key is the lower-cased address: a search in any case is a LIKE on it, its wildcards escaped.
  if (filter.q) select = select.where('s.email_key', 'like', `%${filter.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
  if (filter.status) select = select.where('s.status', '=', filter.status);
  return select;
}

/** Each with its welcome coupon and the customer account of its address. */
function subscriberRows(db: Db, filter: Filter) {
  return matching(db, filter)
    .leftJoin('coupon', 'coupon.id', 's.coupon_id')
    .leftJoin('customer', 'customer.email_key', 's.email_key')
    .select(['s.id', 's.email', 's.status', 's.requested_at', 's.confirmed_at', 's.confirm_expires_at', 's.unsubscribed_at', 'coupon.code as coupon_code', 'customer.id as customer_id']);
}
type SubscriberRow = Awaited<ReturnType<ReturnType<typeof subscriberRows>['executeTakeFirstOrThrow']>>;

function present(row: SubscriberRow): AdminNewsletterSubscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    requestedAt: new Date(row.requested_at).toISOString(),
    confirmedAt: iso(row.confirmed_at),
    confirmExpiresAt: row.status === 'pending' ? iso(row.confirm_expires_at) : null,
    unsubscribedAt: iso(row.unsubscribed_at),
    welcomeCoupon: row.coupon_code,
    customerId: row.customer_id,
  };
}

/** Newest requests first. */
export async function subscriberPage(db: Db, query: AdminSubscriberListQuery): Promise<AdminSubscriberPage> {
  const [rows, count] = await Promise.all([
    subscriberRows(db, query).orderBy('s.requested_at', 'desc').orderBy('s.id', 'desc').limit(query.limit).offset((query.page - 1) * query.limit).execute(),
    matching(db, query).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(present), total: Number(count.n) };
}

const BATCH = 1000;

/** Every subscriber of the filter, in batches by id: memory stays flat however long the list. */
async function* subscriberBatches(db: Db, filter: Filter): AsyncGenerator<AdminNewsletterSubscriber[]> {
  for (let after = 0; ; ) {
    const rows = await subscriberRows(db, filter).where('s.id', '>', after).orderBy('s.id').limit(BATCH).execute();
    if (rows.length === 0) return;
    yield rows.map(present);
    after = rows[rows.length - 1]!.id;
    if (rows.length < BATCH) return;
  }
}

const STATUS = { pending: 'In attesa di conferma', subscribed: 'Iscritto', unsubscribed: 'Disiscritto' } as const;
const when = (value: string | null) => (value === null ? '' : romeDateTime(new Date(value)));

export const SUBSCRIBER_CSV_HEADERS = ['E-mail', 'Stato', 'Iscrizione richiesta il', 'Consenso confermato il', 'Disiscritto il', 'Modalità del consenso', 'Coupon di benvenuto', 'Cliente registrato'];

/** The subscribers export: the consent record of each address (the back office's CSV rules). */
export function subscribersCsv(db: Db, filter: Filter): AsyncGenerator<string> {
  return csvFile(SUBSCRIBER_CSV_HEADERS, subscriberBatches(db, filter), (s) => [
    s.email,
    STATUS[s.status],
    when(s.requestedAt),
    when(s.confirmedAt),
    when(s.unsubscribedAt),
    NEWSLETTER_CONSENT_METHOD,
    s.welcomeCoupon ?? '',
    s.customerId === null ? 'No' : 'Sì',
  ]);
}
