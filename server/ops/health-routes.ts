/**
 * The probes a process manager and a load balancer ask: `GET /healthz`, is the process alive
 * (it answers; no database call, so a database outage never gets a healthy process restarted),
 * and `GET /readyz`, should it get traffic (it is not shutting down, its database answers a
 * cheap query within a short time, and every migration it knows has been applied). Both answer
 * JSON with `Cache-Control: no-store`; `/readyz` answers `503` naming what is not ready.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { type Migrations, pendingMigrations } from '../db/migrator.js';
import type { ServerLifecycle } from './lifecycle.js';

/** How long `/readyz` waits for the database before it calls it unreachable. */
export const READINESS_TIMEOUT_MS = 2_000;

/** What can keep the process from being ready. */
export type NotReady = 'shutdown' | 'database' | 'migrations';

/** The answer of `/readyz`. */
export interface Readiness {
  status: 'ready' | 'not_ready';
  /** What is not ready, in this order: `shutdown`, `database`, `migrations`; empty when ready. */
  not_ready: NotReady[];
  checks: {
    /** `serving`, or `draining` once shutdown began. */
    lifecycle: 'serving' | 'draining';
    /** `ok`, `unreachable` (the query failed) or `timeout` (no answer in time). */
    database: 'ok' | 'unreachable' | 'timeout';
    /** `current`, `pending` (some not applied, named in `pending_migrations`) or `unknown`. */
    migrations: 'current' | 'pending' | 'unknown';
  };
  pending_migrations?: string[];
}

/** What the probes read. */
export interface HealthOptions {
  db: Db;
  /** Every migration this server knows: the database is current when it has applied them all. */
  migrations: Migrations;
  /** The process's life cycle; a server without one is always serving. */
  lifecycle?: ServerLifecycle;
  /** How long to wait for the database; {@link READINESS_TIMEOUT_MS} by default. */
  timeoutMs?: number;
}

const TIMED_OUT = Symbol('timed out');

/** `promise`'s value, or `TIMED_OUT` after `ms`; a later rejection is ignored. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  promise.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Checks the lifecycle, the database and its migrations. */
export async function readiness(options: HealthOptions): Promise<Readiness> {
  const draining = options.lifecycle?.draining ?? false;
  const checks: Readiness['checks'] = {
    lifecycle: draining ? 'draining' : 'serving',
    database: 'ok',
    migrations: 'unknown',
  };
  let pending: string[] = [];
  try {
    const answer = await within(
      pendingMigrations(options.db, options.migrations),
      options.timeoutMs ?? READINESS_TIMEOUT_MS,
    );
    if (answer === TIMED_OUT) checks.database = 'timeout';
    else {
      pending = answer;
      checks.migrations = pending.length === 0 ? 'current' : 'pending';
    }
  } catch {
    checks.database = 'unreachable';
  }
  const notReady: NotReady[] = [];
  if (draining) notReady.push('shutdown');
  if (checks.database !== 'ok') notReady.push('database');
  if (checks.migrations === 'pending') notReady.push('migrations');
  return {
    status: notReady.length === 0 ? 'ready' : 'not_ready',
    not_ready: notReady,
    checks,
    ...(pending.length > 0 ? { pending_migrations: pending } : {}),
  };
}

/** Adds `GET /healthz` and `GET /readyz` to `app`. */
export function healthRoutes(app: FastifyInstance, options: HealthOptions): void {
  /** `GET /healthz`: `200 {"status":"ok"}` while the process answers at all. */
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  /** `GET /readyz`: `200` with the checks when ready, else `503` naming what is not. */
  app.get('/readyz', async (_request, reply) => {
    const answer = await readiness(options);
    return reply
      .code(answer.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(answer);
  });
}
