// A throw-away database on the PostgreSQL server the tests use (TEST_DATABASE_URL), for benches.
import pg from 'pg';
// @ts-expect-error -- plain ESM helpers shared with the npm scripts
import { DEFAULT_TEST_DATABASE_URL, serverReachable } from '../scripts/lib/postgres.mjs';

/** The server's URL when it answers, else null (the bench then reports embedded figures only). */
export async function benchServerUrl(): Promise<string | null> {
  const url: string = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
  return (await serverReachable(url)) ? url : null;
}

/**
 * Runs `use` with the URL of a new database `name`, dropped afterwards: empty, or a copy of
 * `template` (a database seeded earlier, unused meanwhile). Nothing runs when no server answers.
 */
export async function withBenchDatabase(name: string, use: (url: string) => Promise<void>, template?: string): Promise<void> {
  const serverUrl = await benchServerUrl();
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ''}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await use(url.toString());
  } finally {
    // Not WITH (FORCE): terminating a pool's closing connections would crash its process.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    await admin.end();
  }
}
