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

/** Cents as the text of an euro field ("1234,50"). */
export const centsToInput = (cents: number): string => (cents / 100).toFixed(2).replace('.', ',');
