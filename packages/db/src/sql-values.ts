import { sql, type RawBuilder } from 'kysely';

/**
 * A jsonb value as a query parameter. Sent as text and cast on the server, so that the pg
 * driver (which would turn JS arrays into PostgreSQL arrays) and PGlite (which serialises by
 * the inferred parameter type) write exactly the same JSON.
 */
export function jsonb(value: unknown): RawBuilder<string> {
  return sql<string>`cast(${JSON.stringify(value)}::text as jsonb)`;
}

/** An integer array parameter, typed explicitly for the same reason. */
export function intArray(values: readonly number[]): RawBuilder<number[]> {
  return sql<number[]>`${values}::int[]`;
}

/** A text array parameter. */
export function textArray(values: readonly string[]): RawBuilder<string[]> {
  return sql<string[]>`${values}::text[]`;
}
