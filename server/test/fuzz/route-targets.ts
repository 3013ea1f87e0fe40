/**
 * The fuzz test's targets, taken from the server's own route table (`app.routeTable`): every
 * method of every route the app declared, with the fields its JSON schemas name (body, query,
 * path parameters), how it authenticates, and what a refusal must look like. A route added to
 * the server is fuzzed without editing the test.
 */
import type { DeclaredRoute } from '../../http/route-table.js';
import { TEST_PUBLIC_TOKEN } from '../test-server.js';
import type { Random } from './random.js';

/** What the generator knows about the server's data. */
export interface Known {
  projectId: string;
  phoneId: string;
  emailId: string;
  /** The client id of an application registered with the identity provider. */
  clientId: string;
  /** A redirect URI registered for it. */
  redirectUri: string;
}

/** A JSON schema as the routes declare them (the parts the generator reads). */
export interface JsonSchema {
  type?: string | string[];
  enum?: readonly unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
}

/** Makes a value for a field. */
export type ValueMaker = (random: Random, known: Known) => unknown;

/** How a route authenticates: `/sdk/v1` routes by `config.auth`, every other route not at all. */
export type TargetAuth = 'session' | 'project' | 'none';

/** What a 4xx answer must be: the SDK's API error, RFC 6749's error, or anything below 500. */
export type Expected = 'sdk' | 'oauth' | 'any';

/** One method of one route, as the generator aims at it. */
export interface Target {
  method: string;
  /** The table's URL pattern (`/sdk/v1/users/:user_id`). */
  url: string;
  /** `METHOD url`, the key of the coverage count. */
  key: string;
  /** The path parameters' names, in order (`*` for a wildcard). */
  params: string[];
  /** A plausible value of each body field. */
  fields: Record<string, ValueMaker>;
  /** Values at and past each body field's limits. */
  edges: Record<string, unknown[]>;
  /** A plausible value of each query parameter the schema names. */
  query: Record<string, ValueMaker>;
  /** Values at and past each query parameter's limits. */
  queryEdges: Record<string, unknown[]>;
  /** Whether the route declares a body schema (or takes a body as a POST, PUT or PATCH). */
  hasBody: boolean;
  auth: TargetAuth;
  expects: Expected;
}

/** The SDK's prefix. */
const SDK = '/sdk/v1';

/** Plausible values by field name, wherever the field appears, to get past the first checks. */
const HINTS: Record<string, ValueMaker> = {
  phone_number: (random) =>
    random.pick(['+14155552671', '+14155550100', '+1 415 555 0101', '+16505550123', '4155550102']),
  email: (random) => random.pick(['ada@example.com', 'grace@example.org']),
  email_address: (random) => random.pick(['ada@example.com', 'grace@example.org']),
  method_id: (random, known) => random.pick([known.phoneId, known.emailId]),
  password: (random) => random.pick(['violet-Harbor-7-quietly-juggles', 'password', 'x']),
  new_password: () => 'violet-Harbor-8-quietly-juggles',
  existing_password: () => 'violet-Harbor-7-quietly-juggles',
  client_id: (_random, known) => known.clientId,
  redirect_uri: (_random, known) => known.redirectUri,
  response_type: () => 'code',
  scopes: (random) => random.pick([['openid'], ['openid', 'email', 'offline_access'], []]),
  session_duration_minutes: (random) => random.pick([5, 60, 527_040]),
  expiration_minutes: (random) => random.pick([1, 10, 60]),
  locale: (random) => random.pick(['en', 'fr', 'es-MX']),
  domain: () => 'app.velvet.test',
  crypto_wallet_type: (random) => random.pick(['ethereum', 'solana']),
  crypto_wallet_address: (random) =>
    random.pick([
      '0x9e8a5e0dce4fa5d7b0ee4e5a8a1c2a6c5c6f0b1e',
      '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
    ]),
  public_token: () => TEST_PUBLIC_TOKEN,
  project_id: (_random, known) => known.projectId,
  provider: (random) => random.pick(['github', 'google', 'apple']),
  id: (random, known) => random.pick([known.phoneId, known.emailId, known.clientId, 'x']),
  user_id: () => 'user-test-00000000-0000-4000-8000-000000000000',
  to: () => '+14155552671',
  '*': (random) => random.pick(['', 'index.html', 'velvet-login.js', 'x/y.css']),
};

/** Strings tried against a `pattern` until one matches. */
const PATTERN_CANDIDATES: readonly ((random: Random) => string)[] = [
  () => 'x',
  (random) => String(random.int(0, 999_999)).padStart(6, '0'),
  (random) => random.bytes(32).toString('base64url'),
  (random) => random.bytes(16).toString('hex'),
  () => 'public-token-test-unknown',
  () => 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  () => 'ada@example.com',
  () => 'https://app.velvet.test/x',
  () => '',
];

/** A value that satisfies `schema`, made up from its keywords. */
export function fromSchema(schema: JsonSchema, random: Random, known: Known, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const type = [schema.type ?? 'string'].flat()[0];
  switch (type) {
    case 'boolean':
      return random.chance(0.5);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = Math.min(schema.maximum ?? min + 100, min + 1_000_000);
      return random.int(min, max);
    }
    case 'array':
      return arrayFromSchema(schema, random, known, depth);
    case 'object':
      return objectFromSchema(schema, random, known, depth);
    case 'null':
      return null;
    default:
      return stringFor(schema, random);
  }
}

/** `fromSchema` for an array: up to 3 items (none past depth 3). */
function arrayFromSchema(schema: JsonSchema, random: Random, known: Known, depth: number) {
  if (depth > 3) return [];
  const length = random.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
  return Array.from({ length }, () => fromSchema(schema.items ?? {}, random, known, depth + 1));
}

/** `fromSchema` for an object: its required properties and half the others (none past depth 3). */
function objectFromSchema(schema: JsonSchema, random: Random, known: Known, depth: number) {
  const object: Record<string, unknown> = {};
  if (depth > 3) return object;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (schema.required?.includes(name) || random.chance(0.5)) {
      object[name] = fromSchema(property, random, known, depth + 1);
    }
  }
  return object;
}

/** A string within the schema's length and pattern, or `x` when no candidate matches. */
function stringFor(schema: JsonSchema, random: Random): string {
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    for (const candidate of PATTERN_CANDIDATES) {
      const text = candidate(random);
      if (pattern.test(text)) return text;
    }
    return 'x';
  }
  const length = random.int(schema.minLength ?? 0, Math.min(schema.maxLength ?? 20, 20));
  return 'abcdefghij'.repeat(2).slice(0, length);
}

/** A plausible value of field `name`: its hint when it has one that fits, else from the schema. */
function maker(name: string, schema: JsonSchema): ValueMaker {
  const hint = HINTS[name];
  return (random, known) => {
    if (hint && random.chance(0.9)) return hint(random, known);
    return fromSchema(schema, random, known);
  };
}

/** `edgeValues` of a string: at and past its lengths, and text no field may hold. */
function stringEdges(schema: JsonSchema): string[] {
  const edges: string[] = [];
  const max = schema.maxLength;
  if (max !== undefined) edges.push('x'.repeat(max), 'x'.repeat(max + 1), '😀'.repeat(max));
  if ((schema.minLength ?? 0) > 0) edges.push('');
  edges.push('a\u0000b', 'x\ud800', '\ufffd', "' OR 1=1 --", ' ');
  return edges;
}

/** `edgeValues` of a number: at and past its bounds, a fraction, `-0` and the huge. */
function numberEdges(schema: JsonSchema): number[] {
  const edges: number[] = [];
  const { minimum, maximum } = schema;
  if (minimum !== undefined) edges.push(minimum, minimum - 1);
  if (maximum !== undefined) edges.push(maximum, maximum + 1);
  edges.push(1.5, -0, 2 ** 53, 1e308);
  return edges;
}

/** Values at each limit of `schema` and one past it, and text no field may hold. */
export function edgeValues(schema: JsonSchema): unknown[] {
  const edges: unknown[] = [];
  const type = [schema.type ?? 'string'].flat()[0];
  if (schema.enum) edges.push(...schema.enum, 'not-in-the-enum');
  if (type === 'string') edges.push(...stringEdges(schema));
  if (type === 'integer' || type === 'number') edges.push(...numberEdges(schema));
  if (type === 'array') {
    const max = schema.maxItems ?? 100;
    edges.push(Array(max + 1).fill('x'), ['a\u0000b']);
  }
  if (type === 'object') edges.push({ 'a\u0000': 1 }, JSON.parse('{"__proto__":{"polluted":1}}'));
  return edges;
}

/** The `:name` and `*` parameters of a URL pattern, in order. */
function paramsOf(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((match) => match[1] ?? '*');
}

/** The targets of `routes`: every method of every route, `OPTIONS` preflights included. */
export function targetsOf(routes: readonly DeclaredRoute[]): Target[] {
  return routes.map((route) => {
    const schema = (route.schema ?? {}) as { body?: JsonSchema; querystring?: JsonSchema };
    const body = schema.body?.properties ?? {};
    const query = schema.querystring?.properties ?? {};
    const onSdk = route.url === SDK || route.url.startsWith(`${SDK}/`) || route.url === `${SDK}*`;
    const declared = route.config?.auth as TargetAuth | undefined;
    return {
      method: route.method,
      url: route.url,
      key: `${route.method} ${route.url}`,
      params: paramsOf(route.url),
      fields: Object.fromEntries(Object.entries(body).map(([n, s]) => [n, maker(n, s)])),
      edges: Object.fromEntries(Object.entries(body).map(([n, s]) => [n, edgeValues(s)])),
      query: Object.fromEntries(Object.entries(query).map(([n, s]) => [n, maker(n, s)])),
      queryEdges: Object.fromEntries(Object.entries(query).map(([n, s]) => [n, edgeValues(s)])),
      hasBody: schema.body !== undefined || ['POST', 'PUT', 'PATCH'].includes(route.method),
      auth: onSdk ? (declared ?? 'project') : 'none',
      // The standard OIDC endpoints answer RFC 6749's `{error, error_description}`.
      expects: onSdk ? 'sdk' : route.url.startsWith('/oauth/:public_token/') ? 'oauth' : 'any',
    };
  });
}

/** A plausible value of path parameter `name` (the hints, else `x`). */
export function plausibleParam(name: string, random: Random, known: Known): string {
  const hint = HINTS[name];
  return hint ? String(hint(random, known)) : 'x';
}
