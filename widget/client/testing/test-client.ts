/** Builds a {@link VelvetClient} wired to a fake clock, a fake API and recording sinks. */

import type { CookieJar } from '../cookies.js';
import { VelvetClient, type VelvetClientOptions } from '../velvet-client.js';
import { FakeApi } from './fake-api.js';
import { FakeClock } from './fake-clock.js';
import { authenticateBody, PUBLIC_TOKEN } from './fixtures.js';

/** A cookie jar that records every write and passes it on to `document.cookie`. */
export class RecordingCookieJar implements CookieJar {
  readonly writes: string[] = [];

  read(): string {
    return document.cookie;
  }

  write(cookie: string): void {
    this.writes.push(cookie);
    // biome-ignore lint/suspicious/noDocumentCookie: the jar under test writes real cookies.
    document.cookie = cookie;
  }

  /** The last write of one cookie, or `undefined`. */
  lastWriteOf(name: string): string | undefined {
    return this.writes.filter((cookie) => cookie.startsWith(`${name}=`)).at(-1);
  }
}

/** A logger that keeps its warnings. */
export class RecordingLogger {
  readonly warnings: string[] = [];
  readonly errors: string[] = [];
  error(...parts: unknown[]): void {
    this.errors.push(parts.map(String).join(' '));
  }

  warn(...parts: unknown[]): void {
    this.warnings.push(parts.map(String).join(' '));
  }
}

/** Everything a client test needs. */
export interface TestClient {
  readonly client: VelvetClient;
  readonly api: FakeApi;
  readonly clock: FakeClock;
  readonly cookies: RecordingCookieJar;
  readonly logger: RecordingLogger;
  /** Stands in for `window`: dispatch `focus`, `online`, `offline`, `storage` on it. */
  readonly windowTarget: EventTarget;
  readonly publicToken: string;
}

let tokenCounter = 0;

/** A public token no other test uses (so channels and storage keys never cross tests). */
export function uniqueToken(): string {
  tokenCounter += 1;
  return `${PUBLIC_TOKEN}-${tokenCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

const created: VelvetClient[] = [];

/** Creates a client on fakes; pass `publicToken`, `clock` and `api` to share them. */
export function createTestClient(
  options: VelvetClientOptions & {
    publicToken?: string;
    api?: FakeApi;
    clock?: FakeClock;
  } = {},
): TestClient {
  const { publicToken: givenToken, api: givenApi, clock: givenClock, ...rest } = options;
  const clock = givenClock ?? new FakeClock();
  const api = givenApi ?? new FakeApi(clock);
  const cookies = new RecordingCookieJar();
  const logger = new RecordingLogger();
  const windowTarget = new EventTarget();
  const publicToken = givenToken ?? uniqueToken();
  const client = new VelvetClient(publicToken, {
    fetch: api.fetch,
    clock,
    cookies,
    logger,
    windowTarget,
    documentTarget: null,
    ...rest,
  });
  created.push(client);
  return { client, api, clock, cookies, logger, windowTarget, publicToken };
}

/** Signs the client in through `/otps/authenticate` as the widget would. */
export async function signIn(test: TestClient, token = 'session-token-1'): Promise<void> {
  test.api.on('POST', '/otps/authenticate', { json: authenticateBody(token) });
  await test.client.otps.authenticate('123456', 'phone-number-test-1', {
    session_duration_minutes: 60,
  });
}

/** Disposes every client created, and clears storage and cookies. Call in `afterEach`. */
export async function cleanUpClients(): Promise<void> {
  await Promise.all(created.splice(0).map((client) => client.dispose()));
  localStorage.clear();
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: removing the cookies a test wrote.
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}
