/**
 * The part of autocannon's programmatic API the benchmark uses (the package
 * ships no types).
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  /** One request of a sequence; `setupRequest` may rewrite it before each send. */
  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Returns the request to send (a falsy value restarts the sequence). */
    setupRequest?: (
      request: AutocannonRequest,
      context: Record<string, unknown>,
    ) => AutocannonRequest | null | undefined | false;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void;
  }

  /** Options of a run. */
  export interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds; ignored when `amount` is set. */
    duration?: number;
    /** Total requests to make before stopping. */
    amount?: number;
    pipelining?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: AutocannonRequest[];
    title?: string;
    /** Milliseconds between samples. */
    sampleInt?: number;
  }

  /** Percentiles and moments of one measured quantity. */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    total?: number;
  }

  /** What a run measured. */
  export interface AutocannonResult {
    title?: string;
    url: string;
    connections: number;
    /** Seconds the run lasted. */
    duration: number;
    /** Latency in milliseconds. */
    latency: Histogram;
    /** Requests per sample second; `total` completed requests. */
    requests: Histogram & { total: number; sent: number };
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  /** A running benchmark: an event emitter that resolves to its result. */
  export interface AutocannonInstance extends EventEmitter, PromiseLike<AutocannonResult> {
    stop(): void;
  }

  /** Starts a benchmark. */
  export default function autocannon(options: AutocannonOptions): AutocannonInstance;
}
