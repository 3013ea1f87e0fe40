/**
 * PostgreSQL through node-postgres' pool. `?` placeholders become `$1…$n`;
 * `BIGINT` columns come back as JavaScript numbers (epoch milliseconds fit).
 */
import pg from 'pg';
import type { Database, Row, SqlValue } from './database.js';

pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** Connects a pool to `url` and checks that the server answers. */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A dropped idle connection must not crash the process.
  pool.on('error', () => undefined);
  const client = await pool.connect();
  client.release();
  return new PostgresDatabase(pool);
}

/** Rewrites `?` placeholders to PostgreSQL's numbered ones. */
export function toNumberedPlaceholders(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}

type Queryable = Pick<pg.Pool, 'query'>;

class PostgresDatabase implements Database {
  readonly dialect = 'postgres' as const;
  readonly #sql = new Map<string, string>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly connection: Queryable = pool,
  ) {}

  #text(sql: string): string {
    let text = this.#sql.get(sql);
    if (text === undefined) {
      text = toNumberedPlaceholders(sql);
      this.#sql.set(sql, text);
    }
    return text;
  }

  async all<T extends Row = Row>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    const result = await this.connection.query(this.#text(sql), params as SqlValue[]);
    return result.rows as T[];
  }

  async get<T extends Row = Row>(
    sql: string,
    params: readonly SqlValue[] = [],
  ): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0];
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<number> {
    const result = await this.connection.query(this.#text(sql), params as SqlValue[]);
    return result.rowCount ?? 0;
  }

  async transaction<T>(work: (db: Database) => Promise<T>): Promise<T> {
    if (this.connection !== this.pool) return work(this);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(new PostgresDatabase(this.pool, client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
