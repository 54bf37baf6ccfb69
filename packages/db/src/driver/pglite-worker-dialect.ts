import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { PgliteWorkerClient, WorkerQueryResult } from './worker-client.ts';

/** A Kysely connection to the worker; inside a transaction it carries the transaction id. */
class WorkerConnection implements DatabaseConnection {
  txId: number | undefined;

  constructor(private readonly client: PgliteWorkerClient) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.call<WorkerQueryResult>({
      op: 'query',
      sql: query.sql,
      params: query.parameters,
      ...(this.txId ? { tx: this.txId } : {}),
    });
    return { rows: result.rows as R[], numAffectedRows: BigInt(result.affectedRows) };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by the embedded database');
  }
}

class WorkerDriver implements Driver {
  constructor(private readonly client: PgliteWorkerClient) {}

  async init(): Promise<void> {}

  // Connections are cheap views on the one worker; PGlite itself serialises the queries.
  async acquireConnection(): Promise<DatabaseConnection> {
    return new WorkerConnection(this.client);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as WorkerConnection).txId = await this.client.call<number>({ op: 'begin' });
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as WorkerConnection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as WorkerConnection, 'rollback');
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.client.close();
  }

  private async end(connection: WorkerConnection, op: 'commit' | 'rollback'): Promise<void> {
    const tx = connection.txId;
    if (tx === undefined) throw new Error(`${op} without an open transaction`);
    connection.txId = undefined;
    await this.client.call({ op, tx });
  }
}

/** Kysely dialect for PGlite running in a worker thread (see pglite-worker.mjs). */
export class PgliteWorkerDialect implements Dialect {
  constructor(private readonly client: PgliteWorkerClient) {}

  createDriver(): Driver {
    return new WorkerDriver(this.client);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
