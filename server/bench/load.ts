/**
 * One load run with autocannon, in a child process so that the load
 * generator does not share the event loop of the server it measures.
 * `runLoad` forks this module; the child half runs when it is started with
 * `LOAD_WORKER_FLAG`.
 */
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonRequest } from 'autocannon';

/** What to load: one endpoint, a fixed body or one body per request. */
export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** The body of every request. */
  body?: string;
  /** One body per request, in order (a run must not make more requests than there are). */
  bodies?: string[];
  connections: number;
  /** Seconds; ignored when `amount` is set. */
  duration?: number;
  /** Requests to make in all. */
  amount?: number;
}

/** What a run measured. */
export interface LoadResult {
  /** Completed requests. */
  requests: number;
  /** Seconds from the start to the last response. */
  seconds: number;
  /** Completed requests per second. */
  rps: number;
  p50: number;
  p99: number;
  /** The slowest request (ms): a stall shows here. */
  max: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
  /** How many bodies `setupRequest` handed out (more than `bodies.length` means repeats). */
  bodiesUsed: number;
}

/** The argument that makes this module the load generator. */
const LOAD_WORKER_FLAG = '--velvet-load-worker';

/** Runs `spec` in a child process and resolves to its measurement. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [LOAD_WORKER_FLAG], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: LoadResult | undefined;
    child.once('message', (message: LoadResult) => {
      result = message;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`the load generator exited with code ${code} and no result`));
    });
    child.send(spec);
  });
}

async function workerMain(spec: LoadSpec): Promise<LoadResult> {
  let next = 0;
  const bodies = spec.bodies;
  const request: AutocannonRequest = {
    method: spec.method,
    path: spec.path,
    headers: spec.headers,
    ...(spec.body === undefined ? {} : { body: spec.body }),
    ...(bodies === undefined
      ? {}
      : {
          setupRequest: (current: AutocannonRequest) => {
            // Past the end the last body repeats: a failed check, never a silent success.
            const body = bodies[Math.min(next, bodies.length - 1)];
            next++;
            return { ...current, body };
          },
        }),
  };
  const started = performance.now();
  let last = started;
  const instance = autocannon({
    url: spec.url,
    connections: spec.connections,
    ...(spec.amount === undefined ? { duration: spec.duration } : { amount: spec.amount }),
    timeout: 10,
    requests: [request],
  });
  instance.on('response', () => {
    last = performance.now();
  });
  const result = await instance;
  const seconds = Math.max((last - started) / 1000, 1e-3);
  return {
    requests: result.requests.total,
    seconds,
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
    ),
    bodiesUsed: next,
  };
}

if (process.argv.includes(LOAD_WORKER_FLAG) && process.send) {
  process.once('message', (spec: LoadSpec) => {
    workerMain(spec).then(
      (result) => process.send?.(result, () => process.disconnect()),
      (error: unknown) => {
        console.error('load generator failed:', error);
        process.exit(1);
      },
    );
  });
}
