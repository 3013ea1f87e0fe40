/**
 * Fuzzing every endpoint of one real server with malformed requests: random
 * JSON at every known field and at the top level, deep nesting, bodies near
 * and over the size limit, invalid JSON and UTF-8, wrong content types, odd
 * methods, strange paths and garbage credentials. Every answer must be below
 * 500, and every `/sdk/v1` failure must be the API error body. The run is
 * deterministic for a seed (`VELVET_FUZZ_SEED`, printed); requests go out
 * over `node:http` so that raw bytes and odd headers reach the server as sent.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { request as httpRequest, METHODS } from 'node:http';
import { after, before, test } from 'node:test';
import { BODY_LIMIT_BYTES } from '../app.js';
import { hashSessionToken } from '../products/sessions/session-token.js';
import {
  basicAuth,
  signInBySms,
  startTestServer,
  TEST_ORIGIN,
  TEST_PUBLIC_TOKEN,
  type TestServer,
} from './test-server.js';

/** The seed of this run: `VELVET_FUZZ_SEED=<n>` repeats another one. */
const SEED = Number(process.env.VELVET_FUZZ_SEED ?? 0x5eed_2025) >>> 0;
/** Random requests sent after the systematic ones. */
const RANDOM_REQUESTS = Number(process.env.VELVET_FUZZ_REQUESTS ?? 2000);
/** Requests in flight at once. */
const CONCURRENCY = 8;
/** A request without an answer after this long is a failure. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Failures described in the assertion message. */
const FAILURES_SHOWN = Number(process.env.VELVET_FUZZ_SHOWN ?? 15);

// ---------------------------------------------------------------------------
// A seeded pseudo-random generator (mulberry32).

class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Bytes from the generator, for garbage that must repeat with the seed. */
  bytes(length: number): Buffer {
    const buffer = Buffer.alloc(length);
    for (let i = 0; i < length; i++) buffer[i] = this.int(0, 255);
    return buffer;
  }

  /** A string of `length` characters from every part of Unicode (lone surrogates included). */
  text(length: number): string {
    let text = '';
    for (let i = 0; i < length; i++) {
      const range = this.pick([
        [0x20, 0x7e],
        [0x20, 0x7e],
        [0x00, 0x1f],
        [0x80, 0x7ff],
        [0x800, 0xffff],
        [0x1f300, 0x1f64f],
      ] as const);
      text += String.fromCodePoint(this.int(range[0], range[1]));
    }
    return text;
  }
}

// ---------------------------------------------------------------------------
// Values.

const EDGE_STRINGS = [
  '',
  ' ',
  'a',
  '0',
  '-1',
  'null',
  'true',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '😀',
  'é',
  '\u202e\u0645',
  '\ufeff',
  '\n\r\t\v\f',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '%s%n%x',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  '+14155552671',
  '+14155550100',
  '4155552671',
  '+1415555267',
  '+999999999999999',
  '+14155552671\u0000',
  '+1 (415) 555-2671 ext. 9',
  '+447911123456',
  'ada@example.com',
  ' ADA@Example.COM ',
  'a@b',
  '@',
  'a@b.c\u0000m',
  '123456',
  '000000',
  '12345',
  '1234567',
  '１２３４５６',
  'phone-number-test-00000000-0000-4000-8000-000000000000',
  'email-test-00000000-0000-4000-8000-000000000000',
  'x'.repeat(64),
  'x'.repeat(65),
  'x'.repeat(128),
  'x'.repeat(129),
  'x'.repeat(255),
  'x'.repeat(4097),
] as const;

const EDGE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  4,
  5,
  59,
  60,
  61,
  527_040,
  527_041,
  1.5,
  0.1,
  1e-7,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
] as const;

/** Keys that a careless merge could turn into prototype pollution. */
const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '',
  ' ',
  '\u0000',
  '😀',
  'a.b',
  '$where',
];

/** A random JSON value of any type, at most `depth` levels deep. */
function jsonValue(random: Random, depth = 3): unknown {
  const kind = random.int(0, depth > 0 ? 8 : 6);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return random.pick(EDGE_NUMBERS);
    case 3:
      return random.int(-1_000_000, 1_000_000) / random.pick([1, 1, 7, 1000]);
    case 4:
    case 5:
      return random.pick(EDGE_STRINGS);
    case 6:
      return random.text(random.int(0, 40));
    case 7:
      return Array.from({ length: random.int(0, 5) }, () => jsonValue(random, depth - 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = random.int(0, 5); i > 0; i--) {
        const key = random.chance(0.3) ? random.pick(ODD_KEYS) : random.text(random.int(1, 12));
        object[key] = jsonValue(random, depth - 1);
      }
      return object;
    }
  }
}

// ---------------------------------------------------------------------------
// Endpoints.

/** What the generator knows about the server's data. */
interface Known {
  projectId: string;
  phoneId: string;
  emailId: string;
}

/** One endpoint with the fields its body knows and plausible values for them. */
interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path with parameters filled by `fill`. */
  template: string;
  fill?: (random: Random, known: Known) => string;
  fields: Record<string, (random: Random, known: Known) => unknown>;
}

const validPhone = (random: Random) =>
  random.pick(['+14155552671', '+14155550100', '+1 415 555 0101', '+16505550123', '4155550102']);
const validEmail = (random: Random) => random.pick(['ada@example.com', 'grace@example.org']);
const sdkExtras = {
  dfp_telemetry_id: (random: Random) => random.text(random.int(0, 20)),
  captcha_token: (random: Random) => random.text(random.int(0, 20)),
};
const phoneSendFields = {
  phone_number: validPhone,
  expiration_minutes: (random: Random) => random.int(1, 60),
  locale: (random: Random) => random.pick(['en', 'fr', 'es-MX']),
  ...sdkExtras,
};
const emailSendFields = {
  email: validEmail,
  expiration_minutes: (random: Random) => random.int(1, 60),
  login_template_id: (random: Random) => random.text(5),
  signup_template_id: (random: Random) => random.text(5),
  locale: (random: Random) => random.pick(['en', 'fr']),
  ...sdkExtras,
};

/** Percent-encodes the UTF-8 bytes of `text` (lone surrogates become U+FFFD). */
function percentEncode(text: string): string {
  return [...Buffer.from(text)]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** A path segment: sometimes plausible, often strange. */
function pathSegment(random: Random, plausible: readonly string[]): string {
  if (random.chance(0.4) && plausible.length > 0) return random.pick(plausible);
  return random.pick([
    () => percentEncode(random.text(random.int(1, 20))),
    () => percentEncode(random.pick(EDGE_STRINGS)),
    () =>
      random.pick(['%', '%zz', '%E2%82', '%C0%AF', '%00', '%2F', '%2e%2e', '..', '.', '%25', '+']),
    () => random.pick(['x'.repeat(100), 'x'.repeat(101), 'x'.repeat(200), 'y'.repeat(5000)]),
    // Raw bytes 0x80–0xff in the request line: not UTF-8 at all.
    () => Buffer.from([0xe9, 0xff, 0xc3]).toString('latin1'),
    () => `${random.text(3).replace(/[^\x21-\x7e]/g, 'a')}?q=${percentEncode(random.text(5))}`,
    () => '',
  ])();
}

const ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'GET',
    template: '/projects/bootstrap/:public_token',
    fill: (random) => {
      const token = pathSegment(random, [TEST_PUBLIC_TOKEN, 'public-token-test-unknown']);
      return `/projects/bootstrap/${token}`;
    },
    fields: {},
  },
  ...(['sms', 'whatsapp', 'email'] as const).flatMap((channel) =>
    ['login_or_create', 'send/primary', 'send/secondary'].map(
      (mode): Endpoint => ({
        method: 'POST',
        template: `/otps/${channel}/${mode}`,
        fields: channel === 'email' ? emailSendFields : phoneSendFields,
      }),
    ),
  ),
  {
    method: 'POST',
    template: '/otps/authenticate',
    fields: {
      token: (random) =>
        random.pick(['123456', '000000', String(random.int(0, 999_999)).padStart(6, '0')]),
      method_id: (random, known) => (random.chance(0.5) ? known.phoneId : known.emailId),
      session_duration_minutes: (random) => random.pick([5, 60, 527_040]),
      ...sdkExtras,
    },
  },
  {
    method: 'POST',
    template: '/sessions/authenticate',
    fields: { session_duration_minutes: (random) => random.pick([5, 60, 527_040]), ...sdkExtras },
  },
  { method: 'POST', template: '/sessions/revoke', fields: {} },
  {
    method: 'GET',
    template: '/sessions/jwks/:project_id',
    fill: (random, known) => `/sessions/jwks/${pathSegment(random, [known.projectId])}`,
    fields: {},
  },
  { method: 'GET', template: '/users/me', fields: {} },
  {
    method: 'PUT',
    template: '/users/me',
    fields: {
      untrusted_metadata: (random) =>
        random.pick([{}, { theme: 'dark' }, { theme: null }, { n: random.int(0, 9) }]),
    },
  },
  {
    method: 'DELETE',
    template: '/users/emails/:id',
    fill: (random, known) => `/users/emails/${pathSegment(random, [known.emailId, 'email-x'])}`,
    fields: {},
  },
  {
    method: 'DELETE',
    template: '/users/phone_numbers/:id',
    fill: (random, known) =>
      `/users/phone_numbers/${pathSegment(random, [known.phoneId, 'phone-number-x'])}`,
    fields: {},
  },
  { method: 'POST', template: '/users/search', fields: { email: validEmail } },
  ...['/passwords', '/passwords/authenticate'].map(
    (template): Endpoint => ({
      method: 'POST',
      template,
      fields: {
        email: validEmail,
        password: (random) =>
          random.pick(['violet-Harbor-7-quietly-juggles', 'password', random.text(12)]),
        session_duration_minutes: (random) => random.pick([5, 60]),
        ...sdkExtras,
      },
    }),
  ),
  {
    method: 'POST',
    template: '/passwords/strength_check',
    fields: { email: validEmail, password: (random) => random.text(random.int(1, 30)) },
  },
  {
    method: 'POST',
    template: '/passwords/email/reset/start',
    fields: {
      email: validEmail,
      reset_password_redirect_url: (random) =>
        random.pick(['http://app.velvet.test/reset', 'https://evil.test/']),
      reset_password_expiration_minutes: (random) => random.pick([5, 30, 10_080]),
      ...sdkExtras,
    },
  },
  {
    method: 'POST',
    template: '/passwords/email/reset',
    fields: {
      token: (random) => random.text(43),
      password: (random) => random.text(16),
      code_verifier: (random) => random.text(64),
      session_duration_minutes: (random) => random.pick([5, 60]),
    },
  },
  {
    method: 'POST',
    template: '/passwords/existing_password/reset',
    fields: {
      email: validEmail,
      existing_password: (random) => random.text(16),
      new_password: (random) => random.text(16),
    },
  },
  {
    method: 'POST',
    template: '/passwords/session/reset',
    fields: { password: (random) => random.text(16) },
  },
  {
    method: 'POST',
    template: '/totps',
    fields: { expiration_minutes: (random) => random.pick([5, 60, 1440]), ...sdkExtras },
  },
  ...['/totps/authenticate', '/totps/recover'].map(
    (template): Endpoint => ({
      method: 'POST',
      template,
      fields: {
        totp_code: (random) => String(random.int(0, 999_999)).padStart(6, '0'),
        recovery_code: (random) => random.pick(['abcd-efgh-ijkl', random.text(14)]),
        session_duration_minutes: (random) => random.pick([5, 60]),
        ...sdkExtras,
      },
    }),
  ),
  { method: 'POST', template: '/totps/recovery_codes', fields: {} },
  ...['totps', 'biometric_registrations', 'crypto_wallets', 'webauthn_registrations'].map(
    (kind): Endpoint => ({
      method: 'DELETE',
      template: `/users/${kind}/:id`,
      fill: (random) => `/users/${kind}/${pathSegment(random, [`${kind}-x`])}`,
      fields: {},
    }),
  ),
  {
    method: 'POST',
    template: '/sessions/exchange_access_token',
    fields: {
      access_token: (random) => random.pick(['a.b.c', random.text(40)]),
      session_duration_minutes: (random) => random.pick([5, 60]),
    },
  },
  {
    method: 'POST',
    template: '/sessions/attest',
    fields: {
      profile_id: (random) => random.pick(['partner', random.text(8)]),
      token: (random) => random.pick(['a.b.c', random.text(40)]),
      session_duration_minutes: (random) => random.pick([5, 60]),
    },
  },
  {
    method: 'POST',
    template: '/impersonation/authenticate',
    fields: { impersonation_token: (random) => random.text(43) },
  },
  {
    method: 'POST',
    template: '/b2b/organizations/members/search',
    fields: { email_address: validEmail, organization_id: (random) => random.text(10) },
  },
  {
    method: 'POST',
    template: '/events',
    fields: {
      events: (random) =>
        Array.from({ length: random.int(0, 3) }, () => ({ event_name: 'widget_shown' })),
    },
  },
];

/** Whether the endpoint answers 401 to anything but a live session. */
function needsSession(endpoint: Endpoint): boolean {
  return /\/secondary$|^\/sessions\/(authenticate|revoke)$|^\/users\/(me|emails|phone|totps|biometric|crypto_wallets|webauthn)|^\/passwords\/session\/|^\/totps/.test(
    endpoint.template,
  );
}

/** Endpoints outside `/sdk/v1`: only `status < 500` is required of them. */
const OTHER_PATHS = ['/dev/outbox', '/docs/errors', '/healthz'] as const;

// ---------------------------------------------------------------------------
// Requests.

/** One request, exactly as it goes on the wire. */
interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
  /** Send the body with chunked transfer encoding instead of a Content-Length. */
  chunked?: boolean;
  /** The endpoint aimed at, and what the generator did. */
  label: string;
}

/** The credentials a request may carry. */
interface Credentials {
  sessionToken: string;
  sessionJwt: string;
  /** Live sessions for `/sessions/revoke`: each request that revokes uses its own. */
  revocable: string[];
}

/** How a request authenticates: a live session, the public token, nothing, or garbage #n. */
type AuthChoice = 'session' | 'public' | 'none' | number;

function base64url(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return Buffer.from(text).toString('base64url');
}

/** Makes header text sendable: control characters cannot go on the wire. */
function printable(text: string): string {
  return [...text].map((char) => (char < ' ' || char === '\x7f' ? '_' : char)).join('');
}

/** A JWT-shaped secret that this server never signed. */
function forgedJwt(random: Random): string {
  const header = random.pick<unknown>([
    { alg: 'none', typ: 'JWT' },
    { alg: 'ES256', kid: random.text(8) },
    { alg: 'HS256', kid: 'x' },
    { alg: 'ES256', kid: 12 },
    { alg: 'ES256', kid: { a: 1 } },
    { alg: 'ES256', kid: ['k'] },
    { alg: 'ES256', kid: null },
    { alg: 'ES256', kid: '\u0000' },
    { alg: 'ES256', kid: 'k'.repeat(3000) },
    { alg: 'RS256', jku: 'http://evil.test/jwks', kid: 'evil' },
    'not json',
    [],
  ]);
  const payload = random.pick<unknown>([
    { sub: 'user-test-x', 'https://velvet.dev/session': { id: 'session-test-x' } },
    { exp: 1 },
    {},
    'x',
  ]);
  const signature = base64url(random.bytes(random.int(0, 64)).toString('latin1'));
  return `${base64url(header)}.${base64url(payload)}.${signature}`;
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** `Authorization` values that are wrong in every way the brief lists, and more. */
const GARBAGE_AUTHORIZATION: ReadonlyArray<(random: Random) => string | string[]> = [
  () => '',
  () => 'Basic',
  () => 'Basic ',
  () => 'Bearer abc.def.ghi',
  // No scheme.
  () => b64(`${TEST_PUBLIC_TOKEN}:${TEST_PUBLIC_TOKEN}`),
  () => 'Basic !!!not base64!!!',
  () => 'Basic ====',
  () => `Basic ${b64('no colon at all')}`,
  () => `Basic ${b64(`:${TEST_PUBLIC_TOKEN}`)}`,
  () => `Basic ${b64(`${TEST_PUBLIC_TOKEN}:`)}`,
  // 8 KB long.
  () => `Basic ${'A'.repeat(8192)}`,
  (random) => `Basic ${b64(`${TEST_PUBLIC_TOKEN}:${random.text(5000)}`)}`.slice(0, 8192),
  () => `Basic ${b64('🔑:🔑')}`,
  // UTF-8 bytes written raw into the header.
  (random) => printable(Buffer.from(`Basic 🔑${random.text(4)}`).toString('latin1')),
  () => `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x80]).toString('base64')}`,
  // The valid public token with a random secret.
  (random) => `Basic ${b64(`${TEST_PUBLIC_TOKEN}:${random.text(random.int(1, 60))}`)}`,
  (random) => `Basic ${b64(`${TEST_PUBLIC_TOKEN}:${random.bytes(32).toString('base64url')}`)}`,
  // A forged JWT-shaped secret.
  () => `Basic ${b64(`${TEST_PUBLIC_TOKEN}:a.b.c`)}`,
  (random) => `Basic ${b64(`${TEST_PUBLIC_TOKEN}:${forgedJwt(random)}`)}`,
  () => `Basic ${b64(`${TEST_PUBLIC_TOKEN}:..`)}`,
  () => `Basic ${b64(`${TEST_PUBLIC_TOKEN}:\u0000`)}`,
  () => `Basic ${b64(`${TEST_PUBLIC_TOKEN}\u0000:${TEST_PUBLIC_TOKEN}`)}`,
  () => `Basic ${b64('public-token-test-unknown-0000:x')}`,
  () => `basic ${b64(`${TEST_PUBLIC_TOKEN}:${TEST_PUBLIC_TOKEN}`)}`,
  () => `Basic    ${b64(`${TEST_PUBLIC_TOKEN}:${TEST_PUBLIC_TOKEN}`)}   `,
  () => [basicAuth(TEST_PUBLIC_TOKEN, TEST_PUBLIC_TOKEN), 'Basic Zm9vOmJhcg=='],
];

/** Content types other than `application/json`. */
const CONTENT_TYPES = [
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;;',
  'Application/JSON',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  '',
  ';',
  '*/*',
  'application/json, text/plain',
  'application/vnd.api+json',
  `application/json; ${'a=b; '.repeat(400)}`,
  Buffer.from('application/jsön').toString('latin1'),
] as const;

/** Methods that no route expects (CONNECT is left out: Node hands it to a tunnel handler). */
const METHODS_SENT = METHODS.filter((method) => method !== 'CONNECT');

/** One value of every JSON type, for the systematic part. */
const TYPE_SAMPLES: ReadonlyArray<readonly [string, unknown]> = [
  ['null', null],
  ['true', true],
  ['false', false],
  ['an integer', 42],
  ['a negative number', -1],
  ['a fraction', 1.5],
  ['a huge number', 1e308],
  ['an empty string', ''],
  ['a string', 'x'],
  ['an odd string', 'a\u0000\ud800😀'],
  ['an empty array', []],
  ['an array', [1, 'a', null, {}]],
  ['an empty object', {}],
  ['an object', { a: { b: [1] } }],
];

/** Path segments tried at every path parameter in the systematic part. */
const STRANGE_SEGMENTS = [
  '%',
  '%zz',
  '%E2%82',
  '%C0%AF',
  '%00',
  '%2F',
  '%2e%2e',
  '..',
  percentEncode('😀 é \u0000'),
  'x'.repeat(101),
  'x'.repeat(129),
  'x'.repeat(201),
  Buffer.from('é').toString('latin1'),
];

/** Nested arrays or objects, `levels` deep. */
function deep(levels: number, arrays: boolean): string {
  return arrays
    ? `${'['.repeat(levels)}${']'.repeat(levels)}`
    : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** Builds requests for one server's data and credentials. */
class RequestBuilder {
  #revoked = 0;

  constructor(
    private readonly random: Random,
    private readonly known: Known,
    private readonly credentials: Credentials,
  ) {}

  /** A body with every field plausible, or with `odd` of them random. */
  plausibleBody(endpoint: Endpoint, odd = 0): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    for (const [field, valid] of Object.entries(endpoint.fields)) {
      if (odd > 0 && this.random.chance(0.15)) continue;
      body[field] =
        odd > 0 && this.random.chance(odd)
          ? jsonValue(this.random)
          : valid(this.random, this.known);
    }
    if (odd > 0 && this.random.chance(0.15))
      body[this.random.pick(ODD_KEYS)] = jsonValue(this.random);
    return body;
  }

  /** A JSON object whose string at `field` makes the body `size` bytes long. */
  sizedBody(field: string, size: number, filler = 'x'): Buffer {
    const overhead = Buffer.byteLength(JSON.stringify({ [field]: '' }));
    const count = Math.max(0, Math.floor((size - overhead) / Buffer.byteLength(filler)));
    return json({ [field]: filler.repeat(count) });
  }

  #authorization(
    endpoint: Endpoint,
    choice: AuthChoice,
  ): { value?: string | string[]; label: string } {
    if (choice === 'session') {
      if (endpoint.template === '/sessions/revoke') {
        // Revoking the shared session would end it for every later request.
        const token = this.credentials.revocable[this.#revoked++];
        if (!token) throw new Error('out of sessions to revoke');
        return { value: basicAuth(TEST_PUBLIC_TOKEN, token), label: 'live session' };
      }
      const jwt = this.random.chance(0.3);
      const secret = jwt ? this.credentials.sessionJwt : this.credentials.sessionToken;
      return {
        value: basicAuth(TEST_PUBLIC_TOKEN, secret),
        label: `live session${jwt ? ' JWT' : ''}`,
      };
    }
    if (choice === 'public') {
      return { value: basicAuth(TEST_PUBLIC_TOKEN, TEST_PUBLIC_TOKEN), label: 'public token' };
    }
    if (choice === 'none') return { label: 'no auth' };
    const garbage = GARBAGE_AUTHORIZATION[choice % GARBAGE_AUTHORIZATION.length];
    return { value: garbage?.(this.random), label: `garbage auth #${choice}` };
  }

  /** The request for `endpoint` with the given changes. */
  build(
    endpoint: Endpoint,
    parts: {
      auth: AuthChoice;
      label: string;
      method?: string;
      path?: string;
      body?: Buffer;
      /** `undefined`: JSON when there is a body; `null`: no Content-Type header. */
      contentType?: string | null;
      chunked?: boolean;
      origin?: string;
    },
  ): FuzzRequest {
    const headers: Record<string, string | string[]> = {};
    const auth = this.#authorization(endpoint, parts.auth);
    if (auth.value !== undefined) headers.authorization = auth.value;
    if (parts.origin !== undefined) headers.origin = parts.origin;
    if (parts.body !== undefined && parts.contentType !== null) {
      headers['content-type'] = parts.contentType ?? 'application/json';
    }
    const path =
      parts.path ??
      `/sdk/v1${endpoint.fill ? endpoint.fill(this.random, this.known) : endpoint.template}`;
    return {
      method: parts.method ?? endpoint.method,
      path,
      headers,
      body: parts.body,
      chunked: parts.chunked,
      label: `${endpoint.method} ${endpoint.template} | ${parts.label}, ${auth.label}`,
    };
  }
}

/**
 * The fixed part of the run: every endpoint with every JSON type at every field
 * and at the top level, every kind of body and content type, every garbage
 * credential, odd methods and strange path parameters.
 */
function systematicRequests(builder: RequestBuilder): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  let turn = 0;
  for (const endpoint of ENDPOINTS) {
    // A live session where one is required, else alternately a session and the public token.
    const auth = (): AuthChoice =>
      needsSession(endpoint) || turn++ % 2 === 0 ? 'session' : 'public';
    const fields = Object.keys(endpoint.fields);
    const someField = fields[0] ?? 'untrusted_metadata';
    const valid = builder.plausibleBody(endpoint);
    const add = (
      label: string,
      parts: Omit<Parameters<RequestBuilder['build']>[1], 'label' | 'auth'>,
    ) => requests.push(builder.build(endpoint, { auth: auth(), label, ...parts }));

    for (const field of fields.length > 0 ? fields : ['unknown_field']) {
      for (const [type, value] of TYPE_SAMPLES) {
        add(`${type} at ${field}`, { body: json({ ...valid, [field]: value }) });
      }
      add(`no ${field}`, { body: json({ ...valid, [field]: undefined }) });
    }
    for (const [type, value] of TYPE_SAMPLES) add(`top-level ${type}`, { body: json(value) });
    add('5000 nested arrays', { body: Buffer.from(deep(5000, true)) });
    add(`5000 nested objects at ${someField}`, {
      body: Buffer.from(`{"${someField}":${deep(5000, false)}}`),
    });
    for (const delta of [-1, 0, 1, 10_000]) {
      const size = BODY_LIMIT_BYTES + delta;
      add(`${size}-byte body`, { body: builder.sizedBody(someField, size) });
    }
    add('invalid JSON', { body: Buffer.from(`{"${someField}":`) });
    add('invalid UTF-8', {
      body: Buffer.concat([
        Buffer.from(`{"${someField}":"`),
        Buffer.from([0xff, 0xc0, 0xaf]),
        Buffer.from('"}'),
      ]),
    });
    add('empty body', { body: Buffer.alloc(0) });
    add('no content type', { body: json(valid), contentType: null });
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
    ]) {
      add(`content type ${contentType}`, { body: json(valid), contentType });
    }
    for (let variant = 0; variant < GARBAGE_AUTHORIZATION.length; variant++) {
      requests.push(
        builder.build(endpoint, {
          auth: variant,
          label: 'plausible body',
          body: endpoint.method === 'POST' || endpoint.method === 'PUT' ? json(valid) : undefined,
        }),
      );
    }
    for (const method of ['PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'PURGE']) {
      add(`method ${method}`, { method });
    }
    if (endpoint.fill) {
      for (const segment of STRANGE_SEGMENTS) {
        const path = `/sdk/v1${endpoint.template.replace(/:[a-z_]+$/, segment)}`;
        add(`path segment ${JSON.stringify(segment.slice(0, 12))}`, { path });
      }
    }
  }
  return requests;
}

/** Random requests: any endpoint, any mix of the malformations. */
function randomRequests(random: Random, builder: RequestBuilder, count: number): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  for (let n = 0; n < count; n++) {
    const endpoint = random.pick(ENDPOINTS);
    const labels: string[] = [];
    let method: string = endpoint.method;
    let path: string | undefined;

    const pathRoll = random.int(0, 99);
    if (pathRoll < 6) {
      const segments = Array.from({ length: random.int(1, 4) }, () => pathSegment(random, []));
      path = `/sdk/v1/${segments.join('/')}`;
      labels.push('random path');
    } else if (pathRoll < 9) {
      const base = `/sdk/v1${endpoint.template.replace(/:[a-z_]+$/, 'x')}`;
      path = random.pick([
        '/sdk/v1',
        '/sdk/v1/',
        `${base}/`,
        `${base}//`,
        `/sdk/v1//${base.slice(8)}`,
        base.toUpperCase(),
        `${base}%2F`,
        `${base};x=1`,
        `${base}?${'a=1&'.repeat(300)}`,
        `${base}?__proto__[x]=1&constructor=2`,
        '/sdk/v1/../healthz',
        '/sdk/v1/%2e%2e/healthz',
        `/sdk/v1/${'a/'.repeat(500)}`,
      ]);
      labels.push('odd path');
    } else if (pathRoll < 13) {
      path = `${random.pick(OTHER_PATHS)}${random.pick([
        '',
        '',
        `?to=${percentEncode(random.pick(EDGE_STRINGS))}`,
        '?to=a&to=b',
        '?to[]=x',
        `?to=${'x'.repeat(300)}`,
        '/',
        '%00',
      ])}`;
      method = random.chance(0.8) ? 'GET' : random.pick(METHODS_SENT);
      labels.push(`${method} ${path.slice(0, 40)}`);
    }
    if (random.chance(0.07)) {
      method = random.pick(METHODS_SENT);
      labels.push(`method ${method}`);
    }

    // A live session on 60% here brings the whole run (the fixed part has a block of
    // garbage credentials) to about half, so session routes get past auth.
    const auth: AuthChoice = random.chance(0.6)
      ? 'session'
      : random.chance(0.3)
        ? 'public'
        : random.chance(0.85)
          ? random.int(0, GARBAGE_AUTHORIZATION.length - 1)
          : 'none';
    const origin = random.chance(0.1)
      ? random.pick([
          TEST_ORIGIN,
          'http://evil.test',
          'null',
          printable(Buffer.from(`http://ü${random.text(3)}.test`).toString('latin1')),
          `http://${'o'.repeat(3000)}.test`,
        ])
      : undefined;

    const sendsBody =
      method === 'POST' || method === 'PUT' ? random.chance(0.97) : random.chance(0.15);
    const made = sendsBody ? randomBody(random, builder, endpoint) : undefined;
    if (made) labels.push(made.label);
    requests.push(
      builder.build(endpoint, {
        auth,
        label: labels.join(', ') || 'no changes',
        method,
        path,
        origin,
        body: made?.body,
        contentType: made?.contentType,
        chunked: made !== undefined && random.chance(0.1),
      }),
    );
  }
  return requests;
}

/** A body from one of many strategies, with its content type. */
function randomBody(
  random: Random,
  builder: RequestBuilder,
  endpoint: Endpoint,
): { body: Buffer; contentType?: string | null; label: string } {
  const fields = Object.keys(endpoint.fields);
  const field = fields.length > 0 ? random.pick(fields) : 'untrusted_metadata';
  const roll = random.int(0, 99);
  if (roll < 25)
    return { body: json(builder.plausibleBody(endpoint, 0.2)), label: 'plausible body' };
  if (roll < 42) {
    const body = builder.plausibleBody(endpoint);
    body[field] = jsonValue(random);
    return { body: json(body), label: `random value at ${field}` };
  }
  if (roll < 52) return { body: json(jsonValue(random)), label: 'random top-level value' };
  if (roll < 60) {
    const levels = random.pick([100, 1000, 5000, 5000, 20_000, 32_000]);
    const nested = deep(levels, random.chance(0.5));
    const text = random.chance(0.5) ? nested : `{"${field}":${nested}}`;
    return { body: Buffer.from(text), label: `${levels} levels of nesting` };
  }
  if (roll < 67) {
    const size = BODY_LIMIT_BYTES + random.pick([-100, -1, 0, 1, 2, 1000, 200_000]);
    const body = builder.sizedBody(field, size, random.pick(['x', 'é', '😀']));
    return { body, label: `${body.length}-byte body` };
  }
  if (roll < 75) {
    const text = random.pick([
      '{',
      '}',
      '{"a":}',
      '{"a" 1}',
      "{'a': 1}",
      'nul',
      'undefined',
      'NaN',
      '{"a":1}garbage',
      '{"a":1}{"b":2}',
      '\ufeff{}',
      '{"a":"\\u12"}',
      '{"a":"\\x41"}',
      '[1,]',
      '{"a":1,}',
      '"unterminated',
      `{"${field}": 1e999}`,
      `{"${field}": -1e999}`,
      `{"${field}": 1E400, "x": -0}`,
      `{"${field}": 1.0}`,
      `{"${field}": 0x10}`,
      `{"${field}": "a", "${field}": "b"}`,
      '{"__proto__": {"polluted": true}}',
      '{"constructor": {"prototype": {"polluted": true}}}',
      ' \n\t ',
    ]);
    return { body: Buffer.from(text), label: 'invalid or odd JSON text' };
  }
  if (roll < 80) {
    const bytes = Buffer.concat([
      Buffer.from(`{"${field}":"`),
      random.pick([
        Buffer.from([0xff, 0xfe, 0xfd]),
        Buffer.from([0xc3, 0x28]),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from([0xf4, 0x90, 0x80, 0x80]),
        Buffer.from([0xc0, 0xaf]),
        random.bytes(16),
      ]),
      Buffer.from('"}'),
    ]);
    return { body: random.chance(0.2) ? random.bytes(64) : bytes, label: 'invalid UTF-8 bytes' };
  }
  if (roll < 85) return { body: Buffer.alloc(0), label: 'empty body' };
  const body = json(builder.plausibleBody(endpoint, 0.1));
  if (roll < 92) {
    const contentType = random.pick(CONTENT_TYPES);
    return { body, contentType, label: `content type ${JSON.stringify(contentType.slice(0, 40))}` };
  }
  return { body, contentType: null, label: 'no content type' };
}

// ---------------------------------------------------------------------------
// Sending and checking.

interface Answer {
  status: number;
  body: Buffer;
}

/** Sends one request on its own connection, so each answer can be judged alone. */
function send(url: URL, fuzz: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { ...fuzz.headers };
    // Node frames a GET or DELETE body only when told how; unframed bytes would be a new request.
    if (fuzz.body !== undefined) {
      if (fuzz.chunked) headers['transfer-encoding'] = 'chunked';
      else headers['content-length'] = String(fuzz.body.length);
    }
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: fuzz.method,
        path: fuzz.path,
        headers,
        agent: false,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in time')));
    request.on('error', reject);
    if (fuzz.body === undefined) request.end();
    else if (fuzz.chunked) {
      const half = Math.floor(fuzz.body.length / 2);
      request.write(fuzz.body.subarray(0, half));
      request.end(fuzz.body.subarray(half));
    } else request.end(fuzz.body);
  });
}

/** A request in a form a person can replay. */
function describeRequest(fuzz: FuzzRequest): string {
  const shown = (text: string, max: number) =>
    text.length > max
      ? `${JSON.stringify(text.slice(0, max))}… (${text.length} chars)`
      : JSON.stringify(text);
  const headers = Object.entries(fuzz.headers)
    .map(([name, value]) => `${name}: ${shown(String(value), 120)}`)
    .join('; ');
  const body =
    fuzz.body === undefined
      ? 'no body'
      : `body ${shown(fuzz.body.toString('latin1'), 200)} ` +
        `(${fuzz.body.length} bytes${fuzz.chunked ? ', chunked' : ''})`;
  return `${fuzz.method} ${shown(fuzz.path, 160)} {${fuzz.label}} ${headers}; ${body}`;
}

/** Whether the request line holds bytes outside ASCII, which no HTTP parser accepts. */
function hasRawBytes(fuzz: FuzzRequest): boolean {
  return [...fuzz.path].some((char) => char > '\x7f');
}

/** Node's HTTP parser refused the request line (bytes that are not ASCII): no route was reached. */
function isUnparsableRequest(fuzz: FuzzRequest, answer: Answer): boolean {
  return (
    answer.status === 400 &&
    hasRawBytes(fuzz) &&
    answer.body.toString() === '{"error":"Bad Request","message":"Client Error","statusCode":400}'
  );
}

/**
 * The client could not read the refusal of an unparsable HEAD request: the
 * refusal has a body, and a HEAD answer must not.
 */
function isUnreadableRefusal(fuzz: FuzzRequest, error: Error): boolean {
  return fuzz.method === 'HEAD' && hasRawBytes(fuzz) && error.message.startsWith('Parse Error');
}

/** What is wrong with an answer, as a short kind and details; `undefined` when nothing is. */
function problemWith(
  fuzz: FuzzRequest,
  answer: Answer,
): { kind: string; detail: string } | undefined {
  const text = answer.body.toString();
  if (answer.status >= 500) {
    return {
      kind: `status ${answer.status} on ${fuzz.label.split(' | ')[0]}`,
      detail: text.slice(0, 300),
    };
  }
  const onSdk = fuzz.path === '/sdk/v1' || /^\/sdk\/v1[/?]/.test(fuzz.path);
  if (!onSdk || answer.status < 400 || fuzz.method === 'HEAD') return undefined;
  if (isUnparsableRequest(fuzz, answer)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {
      kind: `status ${answer.status}, body not JSON: ${text.slice(0, 40)}`,
      detail: text.slice(0, 200),
    };
  }
  const error = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const shapeOk =
    error.status_code === answer.status &&
    typeof error.error_type === 'string' &&
    typeof error.error_message === 'string' &&
    typeof error.error_url === 'string' &&
    typeof error.request_id === 'string';
  if (shapeOk) return undefined;
  const code = typeof error.code === 'string' ? error.code : text.slice(0, 40);
  return {
    kind: `status ${answer.status} without the API error body (${code})`,
    detail: text.slice(0, 200),
  };
}

/** Failures of one kind: how many, and the shortest request that shows it. */
interface FailureGroup {
  count: number;
  example: FuzzRequest;
  detail: string;
}

// ---------------------------------------------------------------------------
// The run.

let server: TestServer;
let builder: RequestBuilder;
let random: Random;
let fixedCount = 0;

before(async () => {
  server = await startTestServer({
    project: {
      products: ['emailMagicLinks', 'otp', 'passwords'],
      passwords: { resetRedirectUrls: ['http://app.velvet.test/reset'] },
    },
  });
  const signedIn = await signInBySms(server, '+14155552671');
  const emailSent = await server.api('/otps/email/send/secondary', {
    body: { email: 'ada@example.com' },
    secret: signedIn.session_token,
  });
  assert.equal(emailSent.status, 200, JSON.stringify(emailSent.body));
  const known: Known = {
    projectId: server.project.projectId,
    phoneId: signedIn.method_id,
    emailId: emailSent.body.email_id,
  };
  // Sessions for `/sessions/revoke` to end, written straight into the store.
  const revocable = Array.from({ length: 10 * ENDPOINTS.length + RANDOM_REQUESTS }, () =>
    randomBytes(32).toString('base64url'),
  );
  const now = server.clock.now();
  const rows = revocable.map((token, n) => ({
    session_id: `session-test-fuzz-${n}`,
    project_id: known.projectId,
    user_id: signedIn.user_id,
    token_hash: hashSessionToken(token),
    started_at: now,
    last_accessed_at: now,
    expires_at: now + 24 * 60 * 60_000,
    revoked_at: null,
    authentication_factors: '[]',
    attributes: '{}',
  }));
  // In batches: SQLite binds at most 32,766 values per statement.
  for (let start = 0; start < rows.length; start += 500) {
    await server.store.db
      .insertInto('sessions')
      .values(rows.slice(start, start + 500))
      .execute();
  }
  random = new Random(SEED);
  builder = new RequestBuilder(random, known, {
    sessionToken: signedIn.session_token,
    sessionJwt: signedIn.session_jwt,
    revocable,
  });
});

after(async () => {
  await server?.close();
});

test(`every endpoint survives malformed requests (seed ${SEED})`, async (t) => {
  t.diagnostic(`fuzz seed ${SEED}: repeat this run with VELVET_FUZZ_SEED=${SEED}`);
  const fixed = systematicRequests(builder);
  fixedCount = fixed.length;
  const requests = [...fixed, ...randomRequests(random, builder, RANDOM_REQUESTS)];
  const url = new URL(server.url);
  const groups = new Map<string, FailureGroup>();
  const statuses = new Map<number, number>();
  const record = (kind: string, detail: string, fuzz: FuzzRequest) => {
    const group = groups.get(kind);
    if (!group) groups.set(kind, { count: 1, example: fuzz, detail });
    else {
      group.count++;
      if (describeRequest(fuzz).length < describeRequest(group.example).length) {
        group.example = fuzz;
        group.detail = detail;
      }
    }
  };
  let next = 0;
  const started = Date.now();
  const worker = async () => {
    while (next < requests.length) {
      const fuzz = requests[next++] as FuzzRequest;
      try {
        const answer = await send(url, fuzz);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const problem = problemWith(fuzz, answer);
        if (problem) record(problem.kind, problem.detail, fuzz);
      } catch (error) {
        if (!isUnreadableRefusal(fuzz, error as Error)) {
          record(`no answer: ${(error as Error).message}`, '', fuzz);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));

  const summary = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  t.diagnostic(
    `${requests.length} requests (${fixedCount} systematic, ${RANDOM_REQUESTS} random) ` +
      `in ${Date.now() - started} ms; statuses ${summary}`,
  );
  const report = [...groups.entries()]
    .sort(([, a], [, b]) => b.count - a.count)
    .slice(0, FAILURES_SHOWN)
    .map(
      ([kind, group]) =>
        `- ${kind}: ${group.count} requests, e.g.\n    ${describeRequest(group.example)}` +
        (group.detail ? `\n    answer: ${group.detail}` : ''),
    );
  const failed = [...groups.values()].reduce((sum, group) => sum + group.count, 0);
  assert.equal(
    failed,
    0,
    `${failed} bad answers in ${groups.size} kinds (seed ${SEED}):\n${report.join('\n')}`,
  );
});

test('the server still works after the fuzzing', async () => {
  const health = await fetch(`${server.url}/healthz`);
  assert.equal(health.status, 200);
  assert.deepEqual(await health.json(), { status: 'ok' });
  // Rate limits and locks the fuzzing ran into end with time.
  server.clock.advance(2 * 60 * 60_000);
  const signedIn = await signInBySms(server, '+14155550142');
  const me = await server.api('/users/me', { secret: signedIn.session_token });
  assert.equal(me.status, 200);
  assert.equal(me.body.phone_numbers[0].phone_number, '+14155550142');
});
