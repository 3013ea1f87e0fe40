/**
 * Housekeeping: what has expired is deleted on a schedule, by every server process (a purge is
 * idempotent, so several on one database only repeat each other's work). The core's tables are
 * purged here (rate-limit windows, failure guards, telemetry, the development outbox, retired
 * signing keys); each product purges its own through `ServerProduct.housekeeping` (sessions,
 * passcodes, links, resets, challenges, states, tokens, codes…). The first run comes shortly
 * after start, not an hour later, and neither delays start nor keeps a stopping process alive.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ProductContext, ServerProduct } from '../products/product.js';
import { FailureGuardsRepository } from '../rate-limit/failure-guards-repository.js';
import { DEFAULT_FAILURE_POLICY } from '../rate-limit/failure-throttle.js';
import { eventsHousekeeping } from '../sdk/events.js';

/** How long after start the first run comes. */
export const HOUSEKEEPING_FIRST_RUN_MS = 60_000;
/** How often it runs after that. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
/** How long a rate-limit window or a failure guard outlives its last hit. */
const KEEP_COUNTERS_MS = 7 * 24 * 60 * 60_000;
/** How long the development outbox keeps a message (it keeps the newest 200 anyway). */
export const OUTBOX_KEEP_MS = 24 * 60 * 60_000;
/**
 * How long closing the server waits for a run under way (which stops after its current task).
 * Bounded, so a long first purge never holds a shutdown to its deadline; a purge cut short by
 * the closed database is only logged, and the next run does the rest.
 */
const STOP_WAIT_MS = 1_000;

/** One thing housekeeping does: resolves to how many rows it deleted or changed, when it says. */
export interface HousekeepingTask {
  name: string;
  run(context: ProductContext, now: number): Promise<unknown>;
}

/** What the core purges, beside the products' own. */
export const CORE_HOUSEKEEPING: readonly HousekeepingTask[] = [
  {
    name: 'rate_limits',
    run: ({ store }, now) => store.rateLimits.purge(now - KEEP_COUNTERS_MS),
  },
  {
    name: 'failure_guards',
    run: ({ store }, now) =>
      new FailureGuardsRepository(store.db).purge(
        now - KEEP_COUNTERS_MS,
        now - DEFAULT_FAILURE_POLICY.trustForMs,
      ),
  },
  { name: 'events', run: ({ store }, now) => eventsHousekeeping(store, now) },
  { name: 'dev_outbox', run: ({ store }, now) => store.outbox.purge(now - OUTBOX_KEEP_MS) },
  { name: 'signing_keys', run: ({ keys }, now) => keys.purgeRetired(now) },
];

/** The tasks of the core and of `products`, each product's named after its first migration. */
export function housekeepingTasks(products: readonly ServerProduct[]): HousekeepingTask[] {
  const own = products.flatMap((product, index) => {
    const housekeeping = product.housekeeping?.bind(product);
    const first = Object.keys(product.migrations)[0]?.replace(/^[\d-]+/, '');
    return housekeeping ? [{ name: first || `product ${index}`, run: housekeeping }] : [];
  });
  return [...CORE_HOUSEKEEPING, ...own];
}

/** When housekeeping runs (the defaults above unless a test asks otherwise). */
export interface HousekeepingSchedule {
  firstRunMs?: number;
  intervalMs?: number;
}

/** Runs the tasks, once on demand or on a schedule; one run at a time per process. */
export class Housekeeping {
  readonly #tasks: readonly HousekeepingTask[];
  #running: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(
    private readonly context: ProductContext,
    products: readonly ServerProduct[],
    private readonly log: FastifyBaseLogger,
  ) {
    this.#tasks = housekeepingTasks(products);
  }

  /**
   * Runs every task once, one after the other, at `now` (the context's clock by default): a task
   * that fails is logged and the others still run. A call while a run is under way waits for
   * that run instead of starting another.
   */
  run(now = this.context.clock()): Promise<void> {
    this.#running ??= this.#runAll(now).finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  /**
   * Runs `firstRunMs` after now, then every `intervalMs`; the timers hold no process open.
   * `stop` ends the schedule and resolves once a run under way has finished, or `STOP_WAIT_MS`
   * later at most.
   */
  schedule(schedule: HousekeepingSchedule = {}): { stop(): Promise<void> } {
    const interval = schedule.intervalMs ?? HOUSEKEEPING_INTERVAL_MS;
    const next = (delay: number) => {
      if (this.#stopped) return;
      this.#timer = setTimeout(() => {
        void this.run().finally(() => next(interval));
      }, delay);
      this.#timer.unref();
    };
    next(schedule.firstRunMs ?? HOUSEKEEPING_FIRST_RUN_MS);
    return {
      stop: async () => {
        this.#stopped = true;
        clearTimeout(this.#timer);
        if (!this.#running) return;
        let waited: NodeJS.Timeout | undefined;
        await Promise.race([
          this.#running,
          new Promise((resolve) => {
            waited = setTimeout(resolve, STOP_WAIT_MS);
          }),
        ]);
        clearTimeout(waited);
      },
    };
  }

  async #runAll(now: number): Promise<void> {
    const changed: Record<string, number> = {};
    for (const task of this.#tasks) {
      if (this.#stopped) break;
      try {
        const result = await task.run(this.context, now);
        if (typeof result === 'number') changed[task.name] = result;
      } catch (error) {
        this.log.warn({ err: error, task: task.name }, 'housekeeping task failed');
      }
    }
    this.log.info({ changed }, 'housekeeping done');
  }
}
