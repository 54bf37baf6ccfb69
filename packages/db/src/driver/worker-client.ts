import { Worker } from 'node:worker_threads';

/** A database error carried over from the worker, with PostgreSQL's SQLSTATE code. */
export class DatabaseError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly detail?: string,
    readonly constraint?: string,
  ) {
    super(message);
    this.name = 'DatabaseError';
  }
}

export interface WorkerQueryResult {
  rows: Record<string, unknown>[];
  affectedRows: number;
}

type Request =
  | { op: 'query'; sql: string; params: readonly unknown[]; tx?: number }
  | { op: 'exec'; sql: string }
  | { op: 'begin' }
  | { op: 'snapshot'; target: string; skip: readonly string[] }
  | { op: 'commit' | 'rollback'; tx: number }
  | { op: 'close' };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** Talks to the PGlite worker thread: one request, one numbered reply. */
export class PgliteWorkerClient {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (msg: { id?: number; ok?: boolean; result?: unknown; error?: DatabaseError }) => {
      if (msg.id === undefined) return;
      const waiting = this.pending.get(msg.id);
      if (!waiting) return;
      this.pending.delete(msg.id);
      if (msg.ok) waiting.resolve(msg.result);
      else {
        const e = msg.error!;
        waiting.reject(new DatabaseError(e.message, e.code, e.detail, e.constraint));
      }
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', (code) => this.failAll(new Error(`PGlite worker exited with code ${code}`)));
  }

  /** Starts the worker and waits until the database in `dataDir` is open. */
  static async start(dataDir: string): Promise<PgliteWorkerClient> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (msg: { ready?: boolean }) => {
        if (msg.ready) {
          worker.off('error', reject);
          worker.off('message', onMessage);
          resolve();
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return new PgliteWorkerClient(worker);
  }

  call<T>(request: Request): Promise<T> {
    if (this.closed) return Promise.reject(new Error('Database is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, ...request });
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.call({ op: 'close' });
    this.closed = true;
    await this.worker.terminate();
  }

  private failAll(error: Error): void {
    this.closed = true;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
