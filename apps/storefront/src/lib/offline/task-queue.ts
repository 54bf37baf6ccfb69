/**
 * BROWSER: the network task queue of catalogue.md §1/§7 and shopping.md §4 "Offline", kept in
 * IndexedDB (through `idb`) so that a task made offline outlives the tab. A task is the sync-task
 * entity of shopping.md §3; its URL may hold `{{token}}` and `{{cartId}}` placeholders, filled
 * when it is sent. Tasks are sent one at a time, oldest first; one the network could not carry
 * stays untransmitted and stops the round (the next reconnect tries again); any answer of the
 * server is kept on the task (result, code), which is then transmitted. Offline orders are such
 * tasks (lib/offline/offline-orders.ts): their idempotency key makes a resend harmless.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export interface SyncTask {
  task_id: number;
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  payload?: unknown;
  headers: Record<string, string>;
  /** What the task is (e.g. `order`): who is told of its answer. */
  callback_event: string;
  transmited: boolean;
  transmited_at: number | null;
  created_at: number;
  updated_at: number;
  /** The server's answer once transmitted. */
  result: unknown;
  resultCode: number | null;
  code: number | null;
  /** The shopper has seen the outcome. */
  acknowledged: boolean;
  meta: Record<string, unknown>;
  /** A failure is not shown as a notification (catalogue.md §7). */
  silent: boolean;
  is_result_cacheable: boolean;
}

export type NewTask = Pick<SyncTask, 'url' | 'method' | 'callback_event'> & Partial<Pick<SyncTask, 'payload' | 'headers' | 'meta' | 'silent'>>;

/** The server's answer to a task; code 0 when the network did not carry it. */
export interface TaskAnswer {
  code: number;
  result: unknown;
}

export interface Placeholders {
  token: string | null;
  cartId: string | null;
}

/** shopping.md §8: a task that needs a cart id while there is none waits for the cart's re-creation. */
export const MISSING_CART_ID = 'Error executing sync task: the required cartId argument is null. Re-creating shopping cart synchro.';

/** The URL with its placeholders filled, or null when one it needs has no value. */
export function fillPlaceholders(url: string, values: Placeholders): string | null {
  let missing = false;
  const filled = url.replace(/\{\{(token|cartId)\}\}/g, (_, name: keyof Placeholders) => {
    const value = values[name];
    if (value === null) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? null : filled;
}

interface QueueSchema extends DBSchema {
  tasks: { key: number; value: SyncTask; indexes: { by_event: string } };
}

const DB_NAME = 'shop-sync';

export class TaskQueue {
  private constructor(private readonly db: IDBPDatabase<QueueSchema>) {}

  static async open(name: string = DB_NAME): Promise<TaskQueue> {
    const db = await openDB<QueueSchema>(name, 1, {
      upgrade(database) {
        const store = database.createObjectStore('tasks', { keyPath: 'task_id', autoIncrement: true });
        store.createIndex('by_event', 'callback_event');
      },
    });
    return new TaskQueue(db);
  }

  async enqueue(task: NewTask, now: number = Date.now()): Promise<SyncTask> {
    const record: Omit<SyncTask, 'task_id'> = {
      payload: undefined,
      headers: {},
      meta: {},
      silent: false,
      ...task,
      transmited: false,
      transmited_at: null,
      created_at: now,
      updated_at: now,
      result: null,
      resultCode: null,
      code: null,
      acknowledged: false,
      is_result_cacheable: false,
    };
    // The key path fills task_id in.
    const id = await this.db.add('tasks', record as SyncTask);
    return { ...record, task_id: id };
  }

  /** Tasks of one kind (all kinds when omitted), oldest first. */
  async list(event?: string): Promise<SyncTask[]> {
    return event === undefined ? this.db.getAll('tasks') : this.db.getAllFromIndex('tasks', 'by_event', event);
  }

  async pending(event?: string): Promise<SyncTask[]> {
    return (await this.list(event)).filter((task) => !task.transmited);
  }

  async update(taskId: number, change: Partial<Omit<SyncTask, 'task_id'>>, now: number = Date.now()): Promise<SyncTask | null> {
    const transaction = this.db.transaction('tasks', 'readwrite');
    const current = await transaction.store.get(taskId);
    if (!current) return null;
    const next = { ...current, ...change, updated_at: now };
    await transaction.store.put(next);
    await transaction.done;
    return next;
  }

  async remove(taskId: number): Promise<void> {
    await this.db.delete('tasks', taskId);
  }

  /** shopping.md §4: a refresh that failed for good clears the untransmitted tasks. */
  async clearUntransmitted(): Promise<void> {
    for (const task of await this.pending()) await this.remove(task.task_id);
  }

  close(): void {
    this.db.close();
  }
}

export interface ProcessOptions {
  /** Only tasks of this kind. */
  event?: string;
  placeholders: () => Placeholders;
  send: (task: SyncTask, url: string) => Promise<TaskAnswer>;
  now?: () => number;
}

/** What one round did: tasks the server answered, and whether the network failed on one. */
export interface ProcessResult {
  answered: SyncTask[];
  interrupted: boolean;
  /** Tasks left waiting for a cart id. */
  waiting: SyncTask[];
}

/** Sends the untransmitted tasks one after another (shopping.md §4 "Offline"). */
export async function processQueue(queue: TaskQueue, options: ProcessOptions): Promise<ProcessResult> {
  const now = options.now ?? Date.now;
  const result: ProcessResult = { answered: [], interrupted: false, waiting: [] };
  for (const task of await queue.pending(options.event)) {
    const url = fillPlaceholders(task.url, options.placeholders());
    if (url === null) {
      result.waiting.push(task);
      continue;
    }
    const answer = await options.send(task, url);
    if (answer.code === 0) {
      result.interrupted = true;
      break;
    }
    const done = await queue.update(task.task_id, { transmited: true, transmited_at: now(), result: answer.result, resultCode: answer.code, code: answer.code }, now());
    if (done) result.answered.push(done);
  }
  return result;
}
