/**
 * The server's metrics, in Prometheus' text format through `prom-client`: requests by route
 * pattern, method and status (a latency histogram, whose `_count` is the request count), sends by
 * channel and outcome, throttle refusals by limit, sessions started by factor, the PostgreSQL
 * pool's connections, and the process's own (event-loop lag, heap, CPU, file descriptors).
 *
 * Each app has its registry (tests build many apps in one process); the process's metrics are
 * one registry for the process, started with the first app that serves metrics, so one
 * event-loop monitor runs however many apps there are. A label never holds what a request
 * chose: routes are patterns (`/sdk/v1/projects/bootstrap/:public_token`, never a token), and
 * names from the code are checked against a plain form before they become labels.
 */
import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  Registry,
  type RegistryContentType,
} from 'prom-client';
import type { Channel } from '../delivery/delivery.js';

/** How a send ended: the vendor took it, refused it (`DeliveryError`), or the call failed. */
export type SendOutcome = 'sent' | 'refused' | 'failed';

/** The connections of a database pool, as a scrape reads them. */
export interface PoolState {
  /** Connections open, idle or lent. */
  total: number;
  /** Connections open and idle. */
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** The label of a request no route took (a 404, a malformed URL). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Latency buckets, in seconds: a fast check is a few milliseconds, a send up to seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a name from the code must look like to be a label (`otp-send:ip`, `oauth_google`). */
const PLAIN_NAME = /^[a-z0-9_:-]{1,64}$/;

/** `name` when it has the plain form of a label, else `other`. */
function plain(name: unknown): string {
  return typeof name === 'string' && PLAIN_NAME.test(name) ? name : 'other';
}

let processRegistry: Registry | undefined;

/** The process's metrics (prom-client's defaults), started on first use. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** One app's metrics: the counters its parts move and the text a scrape reads. */
export class AppMetrics {
  readonly #registry = new Registry();
  readonly #requests: Histogram<'method' | 'route' | 'status_code'>;
  readonly #sends: Counter<'channel' | 'outcome'>;
  readonly #refusals: Counter<'limit'>;
  readonly #sessions: Counter<'factor' | 'method'>;

  /** @param pool The database pool's state, read at each scrape (PostgreSQL; none on SQLite). */
  constructor(pool?: () => PoolState) {
    processMetrics();
    const registers = [this.#registry];
    this.#requests = new Histogram({
      name: 'velvet_http_request_duration_seconds',
      help: 'Time from request to answer, by route pattern, method and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#sends = new Counter({
      name: 'velvet_sends_total',
      help: 'Messages handed to a delivery adapter, by channel and outcome (sent, refused, failed).',
      labelNames: ['channel', 'outcome'],
      registers,
    });
    this.#refusals = new Counter({
      name: 'velvet_throttle_refusals_total',
      help: 'Requests refused by a rate limit or a failure throttle, by limit.',
      labelNames: ['limit'],
      registers,
    });
    this.#sessions = new Counter({
      name: 'velvet_sessions_created_total',
      help: 'Sessions started, by the factor that started them (type and delivery method).',
      labelNames: ['factor', 'method'],
      registers,
    });
    if (pool) poolGauges(pool, registers);
  }

  /** The media type of `text()`. */
  get contentType(): RegistryContentType {
    return this.#registry.contentType;
  }

  /** Counts a request answered after `seconds`; `route` is its pattern (undefined when none). */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    this.#requests.observe(
      { method, route: route ?? UNMATCHED_ROUTE, status_code: String(status) },
      seconds,
    );
  }

  /** Counts one message on `channel` that ended as `outcome`. */
  countSend(channel: Channel, outcome: SendOutcome): void {
    this.#sends.inc({ channel, outcome });
  }

  /** Counts one refusal by the limit `limit` (see `limitName`). */
  countRefusal(limit: string): void {
    this.#refusals.inc({ limit: plain(limit) });
  }

  /** Counts one session started by `factor` (its `type` and `delivery_method`). */
  countSession(factor: { type?: unknown; delivery_method?: unknown }): void {
    this.#sessions.inc({ factor: plain(factor.type), method: plain(factor.delivery_method) });
  }

  /** Everything, in Prometheus' text format: the process's metrics, then the app's. */
  async text(): Promise<string> {
    const [shared, own] = await Promise.all([processMetrics().metrics(), this.#registry.metrics()]);
    return `${shared}\n${own}`;
  }
}

/** Gauges of the pool's connections, set from `pool` at each scrape. */
function poolGauges(pool: () => PoolState, registers: Registry[]): void {
  new Gauge({
    name: 'velvet_db_pool_connections',
    help: 'Database pool connections, by state (total: open; idle: open and unused).',
    labelNames: ['state'],
    registers,
    collect() {
      const { total, idle } = pool();
      this.set({ state: 'total' }, total);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'velvet_db_pool_waiting',
    help: 'Queries waiting for a database pool connection.',
    registers,
    collect() {
      this.set(pool().waiting);
    },
  });
}
