/**
 * Fuzzing every route of one real server with malformed requests. The routes come from the
 * server's own route table (`app.routeTable`, see `fuzz/route-targets.ts`): every method of every
 * route, a new one included without editing this test. Each gets its fields' values at and past
 * their limits, every JSON type at every field and at the top level, deep nesting, bodies near and
 * over the size limit, invalid JSON and UTF-8, NUL characters, JSON, form and text bodies and
 * other content types, compressed bodies, odd methods, strange path parameters and queries, and
 * garbage credentials; random mixes of those follow. Every answer must be below 500, every
 * `/sdk/v1` failure the API error body and every failure of the standard OIDC endpoints RFC
 * 6749's. The run is deterministic for a seed (`VELVET_FUZZ_SEED`, printed); requests go out over
 * `node:http` so that raw bytes and odd headers reach the server as sent.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { METHODS } from 'node:http';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { BODY_LIMIT_BYTES, SDK_PREFIX } from '../app.js';
import { hashSessionToken } from '../products/sessions/session-token.js';
import {
  CONTENT_TYPES,
  GARBAGE_AUTHORIZATION,
  pathSegment,
  percentEncode,
  printable,
  STRANGE_SEGMENTS,
} from './fuzz/garbage.js';
import { Random } from './fuzz/random.js';
import { type Known, plausibleParam, type Target, targetsOf } from './fuzz/route-targets.js';
import { EDGE_STRINGS, jsonValue, ODD_KEYS } from './fuzz/values.js';
import {
  describeRequest,
  type FuzzRequest,
  isUnreadableRefusal,
  problemWith,
  send,
} from './fuzz/wire.js';
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
const RANDOM_REQUESTS = Number(process.env.VELVET_FUZZ_REQUESTS ?? 1500);
/** Requests in flight at once. */
const CONCURRENCY = 8;
/** Failures described in the assertion message. */
const FAILURES_SHOWN = Number(process.env.VELVET_FUZZ_SHOWN ?? 15);

/** The identity provider's application the fuzzing server registers. */
const IDP_CLIENT = { clientId: 'party-planner', redirectUri: 'https://planner.example/callback' };

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

/** Methods that no route expects (CONNECT is left out: Node hands it to a tunnel handler). */
const METHODS_SENT = METHODS.filter((method) => method !== 'CONNECT');
/** Methods sent to a route's URL in the systematic part, one per route in turn. */
const ODD_METHODS = ['PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'PURGE', 'DELETE', 'PUT'];

const FORM = 'application/x-www-form-urlencoded';

/** Nested arrays or objects, `levels` deep. */
function deep(levels: number, arrays: boolean): string {
  return arrays
    ? `${'['.repeat(levels)}${']'.repeat(levels)}`
    : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** `body` as a form: strings as they are, anything else as its JSON. */
function form(body: Record<string, unknown>): Buffer {
  const pairs = Object.entries(body).map(([name, value]) => [
    name,
    typeof value === 'string' ? value : JSON.stringify(value),
  ]);
  return Buffer.from(new URLSearchParams(pairs).toString());
}

// ---------------------------------------------------------------------------
// Requests.

/** The credentials a request may carry. */
interface Credentials {
  sessionToken: string;
  sessionJwt: string;
  /** Live sessions for `/sessions/revoke`: each request that revokes uses its own. */
  revocable: string[];
}

/** How a request authenticates: a live session, the public token, nothing, or garbage #n. */
type AuthChoice = 'session' | 'public' | 'none' | number;

/** What a request changes about its target's plausible request. */
interface Parts {
  auth: AuthChoice;
  label: string;
  method?: string;
  /** The whole path and query, in place of the plausible ones. */
  path?: string;
  /** One path parameter's segment, in place of its plausible value. */
  param?: { name: string; segment: string };
  /** The query, in place of the plausible one (without `?`). */
  query?: string;
  body?: Buffer;
  /** `undefined`: JSON when there is a body; `null`: no Content-Type header. */
  contentType?: string | null;
  headers?: Record<string, string>;
  chunked?: boolean;
  origin?: string;
}

/** Builds requests for one server's data and credentials. */
class RequestBuilder {
  #revoked = 0;

  constructor(
    private readonly random: Random,
    private readonly known: Known,
    private readonly credentials: Credentials,
  ) {}

  /** A body with every field plausible, or with `odd` of them random. */
  plausibleBody(target: Target, odd = 0): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    for (const [field, valid] of Object.entries(target.fields)) {
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

  /** The plausible query of `target` (without `?`), from its schema's parameters. */
  plausibleQuery(target: Target): string {
    const pairs = Object.entries(target.query)
      .filter(() => this.random.chance(0.8))
      .map(([name, valid]) => [name, String(valid(this.random, this.known))]);
    return new URLSearchParams(pairs).toString();
  }

  /** The path of `target` with its parameters filled, one of them perhaps strange. */
  path(target: Target, strange?: { name: string; segment: string }): string {
    let path = target.url;
    for (const name of target.params) {
      const segment =
        strange?.name === name
          ? strange.segment
          : name === '*'
            ? this.#wildcard(target)
            : encodeURIComponent(plausibleParam(name, this.random, this.known));
      path = path.replace(name === '*' ? '*' : `:${name}`, segment);
    }
    return path;
  }

  /** A plausible rest of the path for a wildcard route. */
  #wildcard(target: Target): string {
    if (target.url === `${SDK_PREFIX}*`) {
      return this.random.pick(['', '/users/me', '/otps/sms/login_or_create', '/nowhere']);
    }
    return plausibleParam('*', this.random, this.known);
  }

  #authorization(target: Target, choice: AuthChoice): { value?: string | string[]; label: string } {
    if (choice === 'session') {
      if (target.url === `${SDK_PREFIX}/sessions/revoke`) {
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

  /** The request for `target` with the given changes. */
  build(target: Target, parts: Parts): FuzzRequest {
    const headers: Record<string, string | string[]> = {};
    const auth = this.#authorization(target, parts.auth);
    if (auth.value !== undefined) headers.authorization = auth.value;
    const method = parts.method ?? target.method;
    if (method === 'OPTIONS') {
      headers.origin = TEST_ORIGIN;
      headers['access-control-request-method'] = this.random.pick(['POST', 'GET', 'PUT']);
    }
    if (parts.origin !== undefined) headers.origin = parts.origin;
    if (parts.body !== undefined && parts.contentType !== null) {
      headers['content-type'] = parts.contentType ?? 'application/json';
    }
    Object.assign(headers, parts.headers);
    const query = parts.query ?? this.plausibleQuery(target);
    const path =
      parts.path ?? `${this.path(target, parts.param)}${query === '' ? '' : `?${query}`}`;
    const aimed = parts.path === undefined && parts.param === undefined && method === target.method;
    return {
      method,
      path,
      headers,
      body: parts.body,
      chunked: parts.chunked,
      label: `${target.key} | ${parts.label}, ${auth.label}`,
      expects: expected(target, path, aimed),
    };
  }
}

/** What a 4xx answer to a request for `target` at `path` must be (see `FuzzRequest.expects`). */
function expected(target: Target, path: string, aimed: boolean): FuzzRequest['expects'] {
  const onSdk = path === SDK_PREFIX || /^\/sdk\/v1[/?]/.test(path);
  // Navigations a browser makes (the OAuth start and callback, every route under /public/) land
  // on an HTML page, whichever of them a request reaches: a GET aimed at the POST callback is the
  // GET callback (seed 1592598565).
  if (onSdk) return path.startsWith(`${SDK_PREFIX}/public/`) ? 'page' : 'sdk';
  return aimed ? (target.expects === 'sdk' ? 'any' : target.expects) : 'any';
}

/**
 * The auth of the `turn`-th request for `target`: a live session where one is required, else the
 * session, the public token or nothing in turn.
 */
function authFor(target: Target, turn: number): AuthChoice {
  if (target.auth === 'session') return 'session';
  if (target.auth === 'none') return turn % 3 === 0 ? 'public' : 'none';
  return turn % 2 === 0 ? 'session' : 'public';
}

/**
 * The fixed part of the run, for every target: its plausible request as JSON, a form and text;
 * each field at and past its limits and as other JSON types; top-level values; every kind of
 * broken body; strange path parameters and queries; garbage credentials and odd methods (a few
 * per target, every kind across the targets).
 */
function systematicRequests(builder: RequestBuilder, targets: readonly Target[]): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  let turn = 0;
  for (const [index, target] of targets.entries()) {
    const add = (label: string, parts: Omit<Parts, 'label' | 'auth'> = {}) =>
      requests.push(builder.build(target, { auth: authFor(target, turn++), label, ...parts }));
    const valid = builder.plausibleBody(target);
    const fields = Object.keys(target.fields);
    const someField = fields[0] ?? 'unknown_field';

    add('plausible', target.hasBody ? { body: json(valid) } : {});
    if (target.hasBody) bodyRequests(add, target, builder, valid, index);
    for (const [name, values] of Object.entries(target.queryEdges)) {
      for (const value of [...values, ['a', 'b']]) {
        const pairs = [value].flat().map((v) => `${name}=${percentEncode(String(v))}`);
        add(`query ${name}=${JSON.stringify(value)?.slice(0, 20)}`, { query: pairs.join('&') });
      }
    }
    for (const query of ['to=%00', 'x=%C0%AF', 'x=%zz', `${someField}=a%00b`, '__proto__[x]=1']) {
      add(`query ${query}`, { query });
    }
    for (const name of target.params) {
      for (const segment of STRANGE_SEGMENTS) {
        add(`${name} segment ${JSON.stringify(segment.slice(0, 12))}`, {
          param: { name, segment },
        });
      }
    }
    // Garbage credentials: two kinds per target, in turn, so every kind meets many targets.
    for (const variant of [2 * index, 2 * index + 1]) {
      requests.push(
        builder.build(target, {
          auth: variant % GARBAGE_AUTHORIZATION.length,
          label: 'plausible body',
          body: target.hasBody ? json(valid) : undefined,
        }),
      );
    }
    add(`method ${ODD_METHODS[index % ODD_METHODS.length]}`, {
      method: ODD_METHODS[index % ODD_METHODS.length],
    });
    if (target.auth !== 'none') {
      requests.push(
        builder.build(target, {
          auth: 'none',
          label: 'plausible body',
          body: target.hasBody ? json(valid) : undefined,
        }),
      );
    }
  }
  return requests;
}

/** The systematic bodies of a target that takes one. */
function bodyRequests(
  add: (label: string, parts?: Omit<Parts, 'label' | 'auth'>) => number,
  target: Target,
  builder: RequestBuilder,
  valid: Record<string, unknown>,
  index: number,
): void {
  const fields = Object.keys(target.fields);
  const someField = fields[0] ?? 'unknown_field';
  add('plausible form', { body: form(valid), contentType: FORM });
  add('plausible text', { body: json(valid), contentType: 'text/plain' });
  for (const field of fields) {
    for (const value of target.edges[field] ?? []) {
      add(`${JSON.stringify(value)?.slice(0, 24)} at ${field}`, {
        body: json({ ...valid, [field]: value }),
      });
    }
    // Three other JSON types per field, in turn across fields and targets.
    for (let k = 0; k < 3; k++) {
      const [type, value] =
        TYPE_SAMPLES[(index + fields.indexOf(field) * 3 + k) % TYPE_SAMPLES.length] ?? [];
      add(`${type} at ${field}`, { body: json({ ...valid, [field]: value }) });
    }
    add(`no ${field}`, { body: json({ ...valid, [field]: undefined }) });
  }
  for (let k = 0; k < 4; k++) {
    const [type, value] = TYPE_SAMPLES[(index * 4 + k) % TYPE_SAMPLES.length] ?? [];
    add(`top-level ${type}`, { body: json(value) });
  }
  add('5000 nested arrays', { body: Buffer.from(deep(5000, true)) });
  add(`5000 nested objects at ${someField}`, {
    body: Buffer.from(`{"${someField}":${deep(5000, false)}}`),
  });
  for (const delta of [-1, 1]) {
    add(`${BODY_LIMIT_BYTES + delta}-byte body`, {
      body: builder.sizedBody(someField, BODY_LIMIT_BYTES + delta),
    });
  }
  add('invalid JSON', { body: Buffer.from(`{"${someField}":`) });
  const notUtf8 = Buffer.from([0xff, 0xc0, 0xaf]);
  add('invalid UTF-8', {
    body: Buffer.concat([Buffer.from(`{"${someField}":"`), notUtf8, Buffer.from('"}')]),
  });
  add('invalid UTF-8 in a form', {
    body: Buffer.concat([Buffer.from(`${someField}=`), notUtf8]),
    contentType: FORM,
  });
  add('NUL in a form', { body: Buffer.from(`${someField}=a%00b`), contentType: FORM });
  add('percent-encoding not UTF-8 in a form', {
    body: Buffer.from(`${someField}=%C0%AF`),
    contentType: FORM,
  });
  add('empty body', { body: Buffer.alloc(0) });
  add('empty form', { body: Buffer.alloc(0), contentType: FORM });
  add('no content type', { body: json(valid), contentType: null });
  add('gzip body', { body: gzipSync(json(valid)), headers: { 'content-encoding': 'gzip' } });
  add('gzip form', {
    body: gzipSync(form(valid)),
    contentType: FORM,
    headers: { 'content-encoding': 'gzip' },
  });
  for (const contentType of [
    'application/json; charset=utf-16',
    `${FORM}; charset=latin1`,
    'multipart/form-data; boundary=xyz',
  ]) {
    add(`content type ${contentType}`, { body: json(valid), contentType });
  }
}

/** Random requests: any target, any mix of the malformations. */
function randomRequests(
  random: Random,
  builder: RequestBuilder,
  targets: readonly Target[],
  count: number,
): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  for (let n = 0; n < count; n++) {
    const target = random.pick(targets);
    const labels: string[] = [];
    let method: string | undefined;
    let path: string | undefined;
    let param: Parts['param'];
    let query: string | undefined;

    const pathRoll = random.int(0, 99);
    if (pathRoll < 5) {
      const segments = Array.from({ length: random.int(1, 4) }, () => pathSegment(random, []));
      path = `${SDK_PREFIX}/${segments.join('/')}`;
      labels.push('random path');
    } else if (pathRoll < 8) {
      const base = builder.path(target);
      path = random.pick([
        SDK_PREFIX,
        `${SDK_PREFIX}/`,
        `${base}/`,
        `${base}//`,
        `/${base}`,
        base.toUpperCase(),
        `${base}%2F`,
        `${base};x=1`,
        `${base}?${'a=1&'.repeat(300)}`,
        `${base}?__proto__[x]=1&constructor=2`,
        `${SDK_PREFIX}/../healthz`,
        `${SDK_PREFIX}/%2e%2e/healthz`,
        `${SDK_PREFIX}/${'a/'.repeat(500)}`,
      ]);
      labels.push('odd path');
    } else if (pathRoll < 14 && target.params.length > 0) {
      const name = random.pick(target.params);
      param = { name, segment: pathSegment(random, []) };
      labels.push(`random ${name}`);
    } else if (pathRoll < 22) {
      const name = random.pick([...Object.keys(target.query), 'to', 'x']);
      query = random.pick([
        `${name}=${percentEncode(random.pick(EDGE_STRINGS))}`,
        `${name}=${percentEncode(random.text(random.int(0, 12)))}`,
        `${name}=a&${name}=b`,
        `${name}[]=x`,
        `${name}=${'x'.repeat(3000)}`,
        `${name}=%`,
      ]);
      labels.push(`query ${query.slice(0, 30)}`);
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

    const sent = method ?? target.method;
    const sendsBody =
      sent === 'POST' || sent === 'PUT' || sent === 'PATCH'
        ? random.chance(0.97)
        : random.chance(0.15);
    const made = sendsBody ? randomBody(random, builder, target) : undefined;
    if (made) labels.push(made.label);
    requests.push(
      builder.build(target, {
        auth,
        label: labels.join(', ') || 'no changes',
        method,
        path,
        param,
        query,
        origin,
        body: made?.body,
        contentType: made?.contentType,
        headers: made?.headers,
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
  target: Target,
): {
  body: Buffer;
  contentType?: string | null;
  headers?: Record<string, string>;
  label: string;
} {
  const fields = Object.keys(target.fields);
  const field = fields.length > 0 ? random.pick(fields) : 'untrusted_metadata';
  const roll = random.int(0, 99);
  if (roll < 22) return { body: json(builder.plausibleBody(target, 0.2)), label: 'plausible body' };
  if (roll < 38) {
    const body = builder.plausibleBody(target);
    body[field] = jsonValue(random);
    return { body: json(body), label: `random value at ${field}` };
  }
  if (roll < 46) return { body: json(jsonValue(random)), label: 'random top-level value' };
  if (roll < 52) {
    const body = builder.plausibleBody(target, 0.2);
    body[field] = jsonValue(random);
    return { body: form(body), contentType: FORM, label: `form with random value at ${field}` };
  }
  if (roll < 58) {
    const levels = random.pick([100, 1000, 5000, 20_000, 32_000]);
    const nested = deep(levels, random.chance(0.5));
    const text = random.chance(0.5) ? nested : `{"${field}":${nested}}`;
    return { body: Buffer.from(text), label: `${levels} levels of nesting` };
  }
  if (roll < 64) {
    const size = BODY_LIMIT_BYTES + random.pick([-100, -1, 0, 1, 2, 1000, 200_000]);
    const body = builder.sizedBody(field, size, random.pick(['x', 'é', '😀']));
    return { body, label: `${body.length}-byte body` };
  }
  if (roll < 72) {
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
      `{"${field}": "\\u0000"}`,
      `{"${field}": "\\udc00\\ud800"}`,
      '{"__proto__": {"polluted": true}}',
      '{"constructor": {"prototype": {"polluted": true}}}',
      ' \n\t ',
    ]);
    return { body: Buffer.from(text), label: 'invalid or odd JSON text' };
  }
  if (roll < 78) {
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
    const body = random.chance(0.2) ? random.bytes(64) : bytes;
    return {
      body,
      contentType: random.chance(0.3) ? FORM : undefined,
      label: 'invalid UTF-8 bytes',
    };
  }
  if (roll < 82) return { body: Buffer.alloc(0), label: 'empty body' };
  const body = json(builder.plausibleBody(target, 0.1));
  if (roll < 85) {
    const encoding = random.pick(['gzip', 'deflate', 'br', 'identity', 'x']);
    const sent = encoding === 'gzip' && random.chance(0.5) ? gzipSync(body) : body;
    return {
      body: sent,
      headers: { 'content-encoding': encoding },
      label: `content encoding ${encoding}`,
    };
  }
  if (roll < 93) {
    const contentType = random.pick(CONTENT_TYPES);
    return { body, contentType, label: `content type ${JSON.stringify(contentType.slice(0, 40))}` };
  }
  return { body, contentType: null, label: 'no content type' };
}

// ---------------------------------------------------------------------------
// The run.

/** Failures of one kind: how many, and the shortest request that shows it. */
interface FailureGroup {
  count: number;
  example: FuzzRequest;
  detail: string;
}

let server: TestServer;
let builder: RequestBuilder;
let random: Random;
let targets: Target[];

before(async () => {
  server = await startTestServer({
    project: {
      products: ['emailMagicLinks', 'otp', 'passwords', 'oauth', 'crypto', 'passkeys'],
      passwords: { resetRedirectUrls: ['http://app.velvet.test/reset'] },
      // No network: GitHub's endpoints are fixed, and the state check refuses a forged callback.
      oauth: { providers: { github: { clientId: 'gh' } } },
      idp: {
        clients: [
          { clientId: IDP_CLIENT.clientId, type: 'public', redirectUris: [IDP_CLIENT.redirectUri] },
        ],
      },
    },
  });
  targets = targetsOf(server.app.routeTable);
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
    ...IDP_CLIENT,
  };
  // Sessions for `/sessions/revoke` to end, written straight into the store.
  const revocable = Array.from({ length: 300 + RANDOM_REQUESTS }, () =>
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

test(`every route of the route table survives malformed requests (seed ${SEED})`, async (t) => {
  t.diagnostic(`fuzz seed ${SEED}: repeat this run with VELVET_FUZZ_SEED=${SEED}`);
  const fixed = systematicRequests(builder, targets);
  const requests = [...fixed, ...randomRequests(random, builder, targets, RANDOM_REQUESTS)];
  const onSdk = targets.filter((target) => target.url.startsWith(SDK_PREFIX)).length;
  t.diagnostic(
    `${targets.length} routes of the route table fuzzed (method and URL; ${onSdk} under ${SDK_PREFIX})`,
  );
  // Every route of the table is aimed at, with its own method and a plausible path.
  const aimed = new Set(requests.map((request) => request.label.split(' | ')[0]));
  assert.deepEqual(
    targets.map((target) => target.key).filter((key) => !aimed.has(key)),
    [],
  );

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
    `${requests.length} requests (${fixed.length} systematic, ${RANDOM_REQUESTS} random) ` +
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
