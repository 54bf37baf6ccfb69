// @ts-check
// Owns the embedded PGlite database inside a worker thread, so that queries (which run
// synchronously inside WASM) never block the HTTP thread. Plain JS so that it loads in any
// runtime (tsx, vitest, node) without a TypeScript loader.
import { cpSync } from 'node:fs';
import { relative } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';

if (!parentPort) throw new Error('pglite-worker must run in a worker thread');
const port = parentPort;

/** @type {{ dataDir: string }} */
const { dataDir } = workerData;

// The same extensions must be passed on every open, or queries using them fail.
const db = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent, fuzzystrmatch } });

/** @typedef {{ query: (sql: string, params: unknown[]) => Promise<any>, decide: (commit: boolean) => void, done: Promise<void> }} OpenTx */
/** @type {Map<number, OpenTx>} */
const transactions = new Map();
let nextTxId = 1;

/**
 * Opens a transaction that stays open until a commit or rollback message names it. PGlite holds
 * its own lock meanwhile, so queries outside the transaction wait: no dirty reads.
 * @returns {Promise<number>}
 */
function begin() {
  return new Promise((opened, failed) => {
    const txId = nextTxId++;
    /** @type {(commit: boolean) => void} */
    let decide = () => {};
    const decision = new Promise((resolve) => { decide = resolve; });
    const done = db
      .transaction(async (tx) => {
        // `done` is assigned by now: PGlite runs BEGIN asynchronously before calling back.
        transactions.set(txId, { query: (sql, params) => tx.query(sql, params), decide, done });
        opened(txId);
        if (!(await decision)) await tx.rollback();
      })
      .finally(() => transactions.delete(txId));
    done.catch(failed);
  });
}

/** @param {number} txId @param {boolean} commit */
async function end(txId, commit) {
  const tx = transactions.get(txId);
  if (!tx) throw new Error(`No open transaction ${txId}`);
  tx.decide(commit);
  await tx.done;
}

/**
 * Copies the data directory to `target` (npm run db:backup) inside a transaction, so no other
 * query or transaction runs meanwhile, and after a checkpoint, so the files hold every committed
 * change and the copy opens without WAL replay. The copy is synchronous on purpose: this thread
 * is the database, held anyway, and one blocking copy is about twice as quick as an async one
 * (thousands of small files), so the shop's queries wait half as long.
 * @param {string} target @param {string[]} skip top-level names left out
 */
function snapshot(target, skip) {
  return db.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    cpSync(dataDir, target, { recursive: true, errorOnExist: true, force: false, filter: (source) => !skip.includes(relative(dataDir, source)) });
  });
}

/** @param {any} error */
function serializeError(error) {
  return {
    message: error?.message ?? String(error),
    code: error?.code,
    detail: error?.detail,
    constraint: error?.constraint,
    position: error?.position,
  };
}

port.on('message', async (/** @type {any} */ msg) => {
  try {
    let result;
    switch (msg.op) {
      case 'query': {
        const runner = msg.tx ? transactions.get(msg.tx) : undefined;
        if (msg.tx && !runner) throw new Error(`No open transaction ${msg.tx}`);
        const res = runner ? await runner.query(msg.sql, msg.params) : await db.query(msg.sql, msg.params);
        result = { rows: res.rows, affectedRows: res.affectedRows ?? 0 };
        break;
      }
      case 'exec':
        await db.exec(msg.sql);
        result = null;
        break;
      case 'snapshot':
        await snapshot(msg.target, msg.skip);
        result = null;
        break;
      case 'begin':
        result = await begin();
        break;
      case 'commit':
      case 'rollback':
        await end(msg.tx, msg.op === 'commit');
        result = null;
        break;
      case 'close':
        await db.close();
        result = null;
        break;
      default:
        throw new Error(`Unknown op ${msg.op}`);
    }
    port.postMessage({ id: msg.id, ok: true, result });
  } catch (error) {
    port.postMessage({ id: msg.id, ok: false, error: serializeError(error) });
  }
});

port.postMessage({ ready: true });
