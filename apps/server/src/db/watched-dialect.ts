import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { classifyDatabaseError, markDatabaseFailure, type DatabaseHealth } from './failures.js';

/**
 * A Kysely dialect around the engine's own, through which every error of the driver passes: a lost
 * connection, a refused one, a full disk is classified there, once (failures.ts), marked on the
 * error for the central error handler, and told to the database's health (/readyz). Successful
 * queries tell it too: the connection works again, a write went in (a full disk is over).
 */
export class WatchedDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly health: DatabaseHealth,
  ) {}

  createDriver(): Driver {
    return new WatchedDriver(this.inner.createDriver(), this.health);
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}

const WRITE_NODES: ReadonlySet<string> = new Set([
  'InsertQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
  'MergeQueryNode',
]);
const RAW_WRITE = /^\s*(insert|update|delete|replace|merge)\b/i;

/** Whether the query changed rows (and so found room for them). */
function wroteRows(query: CompiledQuery, result: QueryResult<unknown>): boolean {
  const kind = query.query.kind;
  const write = WRITE_NODES.has(kind) || (kind === 'RawNode' && RAW_WRITE.test(query.sql));
  return write && ((result.numAffectedRows ?? 0n) > 0n || result.rows.length > 0);
}

class WatchedConnection implements DatabaseConnection {
  /** Inside a transaction, its writes count once it commits. */
  inTransaction = false;
  wroteInTransaction = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly driver: WatchedDriver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.driver.watch(() => this.inner.executeQuery<R>(query));
    if (wroteRows(query, result)) {
      if (this.inTransaction) this.wroteInTransaction = true;
      else this.driver.health.wrote();
    }
    return result;
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const rows = this.inner.streamQuery<R>(query, chunkSize);
    while (true) {
      const next = await this.driver.watch(() => rows.next());
      if (next.done === true) return;
      yield next.value;
    }
  }
}

class WatchedDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(
    private readonly inner: Driver,
    readonly health: DatabaseHealth,
  ) {}

  /**
   * Runs one call of the driver: its failure classified and marked, its success noted. `connecting`:
   * any failure to get a connection means the database cannot be reached, whatever the reason
   * given (refused, not accepting connections, a password no longer valid).
   */
  async watch<T>(call: () => Promise<T>, connecting = false): Promise<T> {
    let result: T;
    try {
      result = await call();
    } catch (error) {
      const failure = classifyDatabaseError(error) ?? (connecting ? 'unreachable' : undefined);
      if (failure !== undefined) {
        markDatabaseFailure(error, failure);
        this.health.failed(failure, error);
      }
      throw error;
    }
    // A connection handed out is not yet an answer (the pool's may be dead and not know it).
    if (!connecting) this.health.answered();
    return result;
  }

  init(): Promise<void> {
    return this.watch(() => this.inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.watch(() => this.inner.acquireConnection(), true);
    let watched = this.wrapped.get(connection);
    if (watched === undefined) {
      watched = new WatchedConnection(connection, this);
      this.wrapped.set(connection, watched);
    }
    watched.inTransaction = false;
    return watched;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as WatchedConnection;
    await this.watch(() => this.inner.beginTransaction(watched.inner, settings));
    watched.inTransaction = true;
    watched.wroteInTransaction = false;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.watch(() => this.inner.commitTransaction(watched.inner));
    } finally {
      watched.inTransaction = false;
    }
    if (watched.wroteInTransaction) this.health.wrote();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.watch(() => this.inner.rollbackTransaction(watched.inner));
    } finally {
      watched.inTransaction = false;
    }
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    const { savepoint } = this.inner;
    if (savepoint === undefined) throw new Error('savepoints are not supported by this dialect');
    await this.watch(() =>
      savepoint.call(this.inner, (connection as WatchedConnection).inner, name, compile),
    );
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    const { rollbackToSavepoint } = this.inner;
    if (rollbackToSavepoint === undefined) throw new Error('savepoints are not supported by this dialect');
    await this.watch(() =>
      rollbackToSavepoint.call(this.inner, (connection as WatchedConnection).inner, name, compile),
    );
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    const { releaseSavepoint } = this.inner;
    if (releaseSavepoint === undefined) throw new Error('savepoints are not supported by this dialect');
    await this.watch(() =>
      releaseSavepoint.call(this.inner, (connection as WatchedConnection).inner, name, compile),
    );
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
