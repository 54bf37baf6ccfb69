import { SHOP_TIME_ZONE } from '@shop/domain';

/**
 * The shop's clock (Europe/Rome) for the price CSV: an instant written with Italy's offset of the
 * day (readable, and exact whatever the season), and a time of day in Italy read back as an instant.
 */
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function wallClock(date: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, Number(x.value)]));
  return { year: p['year']!, month: p['month']!, day: p['day']!, hour: p['hour']!, minute: p['minute']!, second: p['second']! };
}

/** Minutes Italy is ahead of UTC at this instant (60 or 120). */
function offsetMinutes(date: Date): number {
  const c = wallClock(date);
  return Math.round((Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 2026-12-31T08:00:00+01:00: the instant as Italy's clocks show it, with their offset. */
export function romeInstant(date: Date): string {
  const c = wallClock(date);
  const offset = offsetMinutes(date);
  const sign = offset < 0 ? '-' : '+';
  return `${c.year}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/**
 * The instant Italy's clocks show as this date and time (month 1–12). In the hour the clocks go
 * back, the first of the two is taken; a time the clocks skip in spring lands an hour later.
 */
export function fromRomeTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const before = offsetMinutes(new Date(asUtc - 86_400_000));
  const offsets = new Set([before, offsetMinutes(new Date(asUtc)), offsetMinutes(new Date(asUtc + 86_400_000))]);
  // The readings whose offset is the one in force then: one, or two in the autumn hour, or none in the spring gap.
  const readings = [...offsets].map((offset) => asUtc - offset * 60_000).filter((at) => offsetMinutes(new Date(at)) * 60_000 === asUtc - at);
  return new Date(readings.length > 0 ? Math.min(...readings) : asUtc - before * 60_000);
}
