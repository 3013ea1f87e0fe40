/**
 * Malformed pieces of a request the fuzz test sends: strange path segments, garbage credentials
 * (forged JWTs, broken Basic auth) and content types other than JSON.
 */
import { basicAuth, TEST_PUBLIC_TOKEN } from '../test-server.js';
import type { Random } from './random.js';
import { EDGE_STRINGS } from './values.js';

/** Percent-encodes the UTF-8 bytes of `text` (lone surrogates become U+FFFD). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text)]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** A path segment: sometimes plausible, often strange. */
export function pathSegment(random: Random, plausible: readonly string[]): string {
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

function base64url(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return Buffer.from(text).toString('base64url');
}

/** Makes header text sendable: control characters cannot go on the wire. */
export function printable(text: string): string {
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
export const GARBAGE_AUTHORIZATION: ReadonlyArray<(random: Random) => string | string[]> = [
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
export const CONTENT_TYPES = [
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

/** Path segments tried at every path parameter in the systematic part. */
export const STRANGE_SEGMENTS = [
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
