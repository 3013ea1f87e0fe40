/**
 * Graceful shutdown: what the process does between SIGTERM (or SIGINT) and its exit, so that a
 * restart behind a proxy loses no request.
 *
 * 1. It goes unready (`lifecycle.startDraining()`: `/readyz` answers 503) and stops accepting
 *    connections, so a proxy's next connection is refused and it passes the request to another
 *    process (nothing was sent here, a POST too). For the drain (`SHUTDOWN_DRAIN_MS`) it goes on
 *    serving the connections already open, each answer with `Connection: close`
 *    ({@link closeConnectionsWhileDraining}), so every one that carries a request ends after its
 *    answer and the proxy closes the idle ones itself (its keep-alive is shorter than the drain).
 * 2. Then it closes the connections still idle and waits for the requests in flight to finish.
 * 3. Outbound calls still running shortly before the deadline (a vendor that stalls) are aborted
 *    through {@link ShutdownParts.outbound}, so the requests waiting on them answer in time.
 * 4. It releases the delivery adapters and the database and exits 0.
 *
 * Whatever still hangs at the deadline (`SHUTDOWN_TIMEOUT_MS` after the signal), the process
 * exits 1 with one log line. A second SIGINT or SIGTERM during the shutdown exits at once, with
 * 128 + the signal's number (130, 143) and one log line: an operator's second Ctrl-C means it.
 */
import { setMaxListeners } from 'node:events';
import { constants } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../config/config-error.js';
import type { ServerLifecycle } from './lifecycle.js';
import type { ServerCloser } from './server-close.js';

/** How long a shutdown serves on and how long it may take in all. */
export interface ShutdownSettings {
  /** How long the process keeps serving, unready, after the signal; milliseconds. */
  readonly drainMs: number;
  /** When, after the signal, the process exits 1 whatever still runs; milliseconds. */
  readonly timeoutMs: number;
}

/**
 * The drain in production: longer than a proxy's idle keep-alive (4 s in `deploy/nginx/`), so
 * the proxy has closed each idle connection before the server would.
 */
export const PRODUCTION_DRAIN_MS = 5_000;
/** The drain in development and tests: none, so Ctrl-C stops at once. */
export const DEVELOPMENT_DRAIN_MS = 0;
/** The default hard deadline, after the signal. */
export const SHUTDOWN_TIMEOUT_MS = 15_000;
/**
 * How long before the deadline outbound calls are aborted (at most; half the time between the
 * drain's end and the deadline when that is shorter), so the requests that waited on them answer.
 */
export const ANSWER_MARGIN_MS = 1_000;

/**
 * The shutdown settings from `SHUTDOWN_DRAIN_MS` and `SHUTDOWN_TIMEOUT_MS` (whole milliseconds;
 * empty means the default: a drain of {@link PRODUCTION_DRAIN_MS} in production and none
 * elsewhere, a deadline of {@link SHUTDOWN_TIMEOUT_MS}).
 * @throws ConfigError naming the variable that is not a whole number, or the deadline when it
 *   does not come after the drain
 */
export function shutdownSettingsFromEnv(
  env: NodeJS.ProcessEnv,
  production: boolean,
): ShutdownSettings {
  const drainMs = milliseconds(
    env,
    'SHUTDOWN_DRAIN_MS',
    production ? PRODUCTION_DRAIN_MS : DEVELOPMENT_DRAIN_MS,
  );
  const timeoutMs = milliseconds(env, 'SHUTDOWN_TIMEOUT_MS', SHUTDOWN_TIMEOUT_MS);
  if (timeoutMs <= drainMs) {
    throw new ConfigError(
      'SHUTDOWN_TIMEOUT_MS',
      `must be longer than the drain (SHUTDOWN_DRAIN_MS, ${drainMs} ms): it counts from the signal`,
    );
  }
  return { drainMs, timeoutMs };
}

function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name]?.trim();
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value)) {
    throw new ConfigError(name, `must be a whole number of milliseconds, not ${value}`);
  }
  return Number(value);
}

/**
 * Answers every request with `Connection: close` once `lifecycle` is draining, so a client (a
 * proxy's keep-alive pool) opens its next connection elsewhere, and each connection that
 * carries a request during the drain is closed after its answer instead of when the server stops.
 */
export function closeConnectionsWhileDraining(
  app: FastifyInstance,
  lifecycle: ServerLifecycle,
): void {
  // On send rather than on request: an answer to a request that came in before the drain closes
  // its connection too, or the server would wait for that connection's keep-alive to time out.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * Calls `shutDown` on the first SIGINT or SIGTERM; on a second one during the shutdown, logs one
 * line and exits at once with 128 + the signal's number (130 for SIGINT, 143 for SIGTERM).
 * `main.ts` installs it once the server listens, so a signal during startup never races its
 * failure path.
 */
export function handleShutdownSignals(
  shutDownOn: (signal: NodeJS.Signals) => void,
  parts: Pick<ShutdownParts, 'log' | 'exit'>,
): void {
  let first: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (first === undefined) {
      first = signal;
      shutDownOn(signal);
      return;
    }
    const code = 128 + constants.signals[signal];
    parts.log.error(
      { signal, first, code },
      `second signal during shutdown: exiting at once with ${code}`,
    );
    parts.exit(code);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/**
 * The controller of {@link ShutdownParts.outbound}: its signal may have any number of listeners
 * (one per vendor call in flight, each removed when its call ends) without Node's
 * MaxListenersExceededWarning at the eleventh.
 */
export function outboundController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

/** What a shutdown acts on; `main.ts` passes the real ones. */
export interface ShutdownParts {
  readonly lifecycle: ServerLifecycle;
  /** The HTTP server, closed in two steps around the drain (`server-close.ts`). */
  readonly server: ServerCloser;
  /** Aborted when outbound calls must give up (delivery adapters listen to its signal). */
  readonly outbound: AbortController;
  /** Releases what is left once the server closed: delivery adapters, then the database. */
  readonly release: () => Promise<void>;
  readonly log: {
    info(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  /** Ends the process (`process.exit`). */
  readonly exit: (code: number) => void;
  readonly settings: ShutdownSettings;
}

/** When, after the signal, outbound calls are aborted. */
export function outboundDeadlineMs(settings: ShutdownSettings): number {
  const margin = Math.min(ANSWER_MARGIN_MS, (settings.timeoutMs - settings.drainMs) / 2);
  return Math.max(settings.drainMs, settings.timeoutMs - margin);
}

/**
 * Shuts the process down as the module's comment describes; resolves after `exit` was called
 * (with 0, or with 1 when a step failed or the deadline passed first).
 */
export async function shutDown(parts: ShutdownParts, signal: string): Promise<void> {
  const { lifecycle, log, settings } = parts;
  const start = performance.now();
  let exited = false;
  const exit = (code: number) => {
    if (exited) return;
    exited = true;
    clearTimeout(deadline);
    clearTimeout(abortOutbound);
    parts.exit(code);
  };
  const deadline = setTimeout(() => {
    log.error(
      { signal, timeoutMs: settings.timeoutMs },
      'shutdown deadline passed with work still running: exiting with code 1',
    );
    exit(1);
  }, settings.timeoutMs);
  const abortOutbound = setTimeout(() => {
    parts.outbound.abort(new Error('the server is shutting down'));
  }, outboundDeadlineMs(settings));
  abortOutbound.unref();

  lifecycle.startDraining();
  try {
    await parts.server.stopAccepting();
    log.info(
      { signal, drainMs: settings.drainMs },
      'shutting down: no longer accepting connections, draining the open ones',
    );
    if (settings.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.drainMs));
    if (exited) return;
    log.info({}, 'shutting down: closing idle connections, finishing requests');
    await parts.server.finish();
    if (exited) return;
    await parts.release();
    if (exited) return;
    log.info({ ms: Math.round(performance.now() - start) }, 'shut down');
    exit(0);
  } catch (error) {
    if (exited) return;
    log.error({ err: error }, 'shutdown failed: exiting with code 1');
    exit(1);
  }
}
