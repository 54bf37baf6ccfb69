/** Money and dates as the Italian staff read them: it-IT, Europe/Rome. */
const TIME_ZONE = 'Europe/Rome';
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
const dateTime = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });
const dateOnly = new Intl.DateTimeFormat('it-IT', { dateStyle: 'medium', timeZone: TIME_ZONE });
const shortDay = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const isoDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: TIME_ZONE });

export const formatCents = (cents: number): string => euro.format(cents / 100);
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
export const formatDate = (iso: string): string => dateOnly.format(new Date(iso));
/** A YYYY-MM-DD day (already Rome's) as dd/mm. */
export const formatDay = (day: string): string => shortDay.format(new Date(`${day}T00:00:00Z`));
/** Today in Rome as YYYY-MM-DD. */
export const todayInRome = (): string => isoDay.format(new Date());

/** Euros typed the Italian way ("1.234,50" or "1234.5") as integer cents, else null. */
export function parseEuros(input: string): number | null {
  const plain = input.trim().replace(/\s|€/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+([.,]\d{1,2})?$/.test(plain)) return null;
  const normalized = /,/.test(plain) || /^\d{1,3}(\.\d{3})+$/.test(plain) ? plain.replace(/\./g, '').replace(',', '.') : plain;
  return Math.round(Number(normalized) * 100);
}

/** A quantity typed the Italian way ("12", "2,5"), zero or more, else null. */
export const parseQuantity = (input: string): number | null => (/^\d{1,10}([.,]\d{1,4})?$/.test(input.trim()) ? Number(input.trim().replace(',', '.')) : null);
/** A quantity as the text of its field ("2,5"). */
export const quantityInput = (qty: number): string => String(qty).replace('.', ',');

/** Cents as the text of an euro field ("1234,50"). */
export const centsToInput = (cents: number): string => (cents / 100).toFixed(2).replace('.', ',');

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO instant as a datetime-local value (the browser's time zone, Rome's for the seller); '' for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A datetime-local value as an ISO instant; null for an empty field. */
export const localInputToIso = (input: string): string | null => (input ? new Date(input).toISOString() : null);
