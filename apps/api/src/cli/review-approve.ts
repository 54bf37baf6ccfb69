// `npm run review:approve -- <review id>...` approves reviews; `-- --list` shows those waiting.
import { parseArgs } from 'node:util';
import { DataDirLockedError, openDatabase, type WrittenReview } from '@shop/db';
import { loadConfig } from '../config.ts';
import { ReviewService } from '../modules/reviews/service.ts';
import { adminTokenPath, readAdminToken } from '../http/admin-token.ts';
import { CacheInvalidator } from '../cache/invalidation.ts';
import { apiAnswers } from './import/sinks.ts';

const USAGE = `Usage: npm run review:approve -- <review id>...
       npm run review:approve -- --list

Reviews written in the shop wait for approval (ADR 0021). --list shows them (id, product id,
rating, author, title and text); naming review ids approves them: they show on their product
pages at once, whose cached copies are expired.

When the API answers at API_URL (default http://127.0.0.1:$API_PORT) this goes through it,
authenticated with ADMIN_TOKEN or the token the API wrote to $DATA_DIR/admin-token; otherwise the
database (DATABASE_URL, or the embedded one in DATA_DIR) is changed directly.`;

interface Moderation {
  pending(): Promise<WrittenReview[]>;
  approve(id: number): Promise<string>;
  close(): Promise<void>;
}

function usageError(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({ options: { list: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (error) {
    return usageError((error as Error).message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.list === (positionals.length > 0)) usageError('Give either --list or review ids.');
if (positionals.some((id) => !/^\d{1,10}$/.test(id))) usageError('Review ids are numbers.');

const cacheNote = (cache: { status: string; error?: string | undefined }) => (cache.status === 'failed' ? ` (${cache.error})` : cache.status === 'skipped' ? ' (no storefront to expire)' : '');

async function apiModeration(apiUrl: string, token: string): Promise<Moderation> {
  const call = async <T>(path: string, method = 'GET'): Promise<T> => {
    const response = await fetch(`${apiUrl}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    const answer = (await response.json()) as { code: number; result: T };
    if (answer.code !== 200) throw new Error(`${method} ${path}: ${answer.code} ${JSON.stringify(answer.result)}`);
    return answer.result;
  };
  return {
    pending: () => call<WrittenReview[]>('/api/admin/reviews?status=pending'),
    approve: async (id) => {
      const result = await call<{ cache: { status: string; error?: string } }>(`/api/admin/reviews/${id}/approve`, 'POST');
      return `Review ${id} approved${cacheNote(result.cache)}`;
    },
    close: async () => {},
  };
}

async function databaseModeration(): Promise<Moderation> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const reviews = new ReviewService(database.db, new CacheInvalidator({ url: config.storefrontInternalUrl, secret: config.revalidateSecret, edgeUrl: config.edgePurgeUrl }));
  return {
    pending: () => reviews.list('pending'),
    approve: async (id) => `Review ${id} approved${cacheNote((await reviews.approve(id)).cache)}`,
    close: () => database.close(),
  };
}

/** The running API if one answers, else the database itself. */
async function open(): Promise<Moderation> {
  const config = loadConfig();
  const apiUrl = (process.env.API_URL || `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');
  if (!(await apiAnswers(apiUrl))) return databaseModeration();
  const token = config.adminToken ?? readAdminToken(config.dataDir);
  if (!token) throw new Error(`The API at ${apiUrl} runs, but there is no admin token: set ADMIN_TOKEN, or run where ${adminTokenPath(config.dataDir)} is readable`);
  return apiModeration(apiUrl, token);
}

let moderation: Moderation | undefined;
try {
  moderation = await open();
  if (values.list) {
    const pending = await moderation.pending();
    if (pending.length === 0) console.log('No review is waiting for approval.');
    for (const { doc, customer_id } of pending) {
      const rating = doc.ratings?.[0]?.value;
      console.log(`#${doc.id}  product ${doc.product_id}  ${rating ? `${rating}/5` : 'no rating'}  by ${doc.nickname} (customer ${customer_id ?? '—'})  ${doc.created_at}\n  ${doc.title}\n  ${doc.detail.replace(/\n/g, '\n  ')}`);
    }
  } else {
    for (const id of positionals) console.log(await moderation.approve(Number(id)));
  }
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await moderation?.close();
}
