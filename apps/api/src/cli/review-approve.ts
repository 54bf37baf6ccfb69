// `npm run review:approve -- <review id>...` approves reviews; `-- --list` shows those waiting.
import { parseArgs } from 'node:util';
import { adminReviewDecision, adminReviewListQuery, adminReviewPage, type AdminReviewDecision, type AdminReviewPage } from '@shop/contracts';
import { DataDirLockedError, openDatabase } from '@shop/db';
import { loadConfig, type ApiConfig } from '../config.ts';
import { adminTokenPath, readAdminToken } from '../http/admin-token.ts';
import { CacheInvalidator } from '../cache/invalidation.ts';
import { CLI_ACTOR } from '../modules/admin/audit.ts';
import { ReviewModeration } from '../modules/admin-reviews/moderation.ts';
import { CatalogImportService } from '../modules/catalog/import.ts';
import { apiAnswers } from './import/sinks.ts';

const USAGE = `Usage: npm run review:approve -- <review id>...
       npm run review:approve -- --list

Reviews written in the shop wait for approval (ADR 0021); the back office (/admin, "Recensioni")
approves and rejects them too. --list shows the waiting ones (id, product, rating, author, title
and text); naming review ids approves them: they show on their product pages at once, whose
cached copies are expired. Each approval is in the audit log, by "cli".

When the API answers at API_URL (default http://127.0.0.1:$API_PORT) this goes through it (the
embedded database belongs to the running API), authenticated with ADMIN_TOKEN or the token the
API wrote to $DATA_DIR/admin-token; otherwise the database (DATABASE_URL, or the embedded one in
DATA_DIR) is changed directly.`;

/** As many as one page of the list holds: the queue of a shop that reads it now and then. */
const LISTED = 200;

interface Moderation {
  pending(): Promise<AdminReviewPage>;
  approve(id: number): Promise<AdminReviewDecision>;
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

const pendingQuery = adminReviewListQuery.parse({ status: 'pending', limit: LISTED });

async function throughApi(apiUrl: string, config: ApiConfig): Promise<Moderation> {
  const token = config.adminToken ?? readAdminToken(config.dataDir);
  if (!token) throw new Error(`The API at ${apiUrl} runs, but there is no admin token: set ADMIN_TOKEN, or run where ${adminTokenPath(config.dataDir)} is readable`);
  const call = async (path: string, method = 'GET'): Promise<unknown> => {
    const response = await fetch(`${apiUrl}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    const answer = (await response.json().catch(() => undefined)) as { result?: unknown } | undefined;
    if (!response.ok) throw new Error(`The API at ${apiUrl} answered ${response.status}: ${String(answer?.result ?? 'no message')}`);
    return answer?.result;
  };
  return {
    pending: async () => adminReviewPage.parse(await call(`/api/internal/reviews?status=pending&limit=${LISTED}`)),
    approve: async (id) => adminReviewDecision.parse(await call(`/api/internal/reviews/${id}/approve`, 'POST')),
    close: async () => {},
  };
}

async function direct(config: ApiConfig): Promise<Moderation> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  const imports = new CatalogImportService(database.db, new CacheInvalidator({ url: config.storefrontInternalUrl, secret: config.revalidateSecret, edgeUrl: config.edgePurgeUrl }));
  const moderation = new ReviewModeration(database.db, imports, () => new Date());
  return {
    pending: () => moderation.list(pendingQuery),
    approve: (id) => moderation.approve(id, CLI_ACTOR),
    close: () => database.close(),
  };
}

/** The running API if one answers, else the database itself. */
async function open(): Promise<Moderation> {
  const config = loadConfig();
  const apiUrl = (process.env.API_URL || `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');
  return (await apiAnswers(apiUrl)) ? throughApi(apiUrl, config) : direct(config);
}

const cacheNote = (cache: AdminReviewDecision['cache']) => (cache.status === 'failed' ? ` (${cache.error})` : cache.status === 'skipped' ? ' (no storefront to expire)' : '');

let moderation: Moderation | undefined;
try {
  moderation = await open();
  if (values.list) {
    const { items, total } = await moderation.pending();
    if (items.length === 0) console.log('No review is waiting for approval.');
    for (const review of items) {
      const product = review.product ? `${review.product.sku} (${review.product.name})` : 'a product no longer in the catalogue';
      const author = review.customer ? `customer ${review.customer.id}, ${review.customer.email}` : 'no account';
      console.log(`#${review.id}  ${product}  ${review.rating ? `${review.rating}/5` : 'no rating'}  by ${review.nickname} (${author})  ${review.createdAt}\n  ${review.title}\n  ${review.detail.replace(/\n/g, '\n  ')}`);
    }
    if (total > items.length) console.log(`… and ${total - items.length} more: approve these first, or see them all in the back office.`);
  } else {
    for (const id of positionals) {
      const decision = await moderation.approve(Number(id));
      console.log(decision.changed ? `Review ${id} approved${cacheNote(decision.cache)}` : `Review ${id} was approved already`);
    }
  }
} catch (error) {
  console.error(error instanceof DataDirLockedError || error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await moderation?.close();
}
