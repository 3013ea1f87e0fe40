/**
 * Text a request carries is well-formed, or the request is refused before any route reads it:
 * one rule for every route, in this one place.
 *
 * - A body is read as UTF-8 bytes, uncompressed (no `Content-Encoding` but `identity`) and in no
 *   other charset; bytes that are not UTF-8 are refused rather than read as U+FFFD.
 * - No string (a body field at any depth or an object key, a form or query parameter, a path
 *   parameter) holds a NUL character or an unpaired surrogate (`"\ud800"` in JSON): PostgreSQL's
 *   text cannot store the first (writing it failed with a 500), and neither can be written as
 *   UTF-8, so both databases would keep something other than what was sent.
 * - Percent-encoding in a query or a form decodes to UTF-8 (`%C0%AF` and `%zz` are refused).
 *
 * A refusal is the schema error (400) naming where the text is wrong, or `unsupported_media_type`
 * (415) for a compressed body or another charset; the identity provider's standard endpoints
 * answer both as RFC 6749's `invalid_request` (see `products/idp/oidc-routes.ts`).
 *
 * Headers used as data are the exception: Node's parser refuses control characters in them, and
 * the one stored, the user agent, is cleaned rather than refused (`userAgentOf`,
 * `products/sessions/signed-in-answer.ts`).
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';
import { schemaError } from './error-handler.js';

/** Code units that are half of a surrogate pair, with no other half beside them. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a string, for a schema error's problem. */
const MALFORMED = 'must not contain NUL characters (U+0000) or unpaired surrogates';

/** Whether `text` holds a NUL character or an unpaired surrogate. */
export function isMalformedText(text: string): boolean {
  return text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);
}

/** The schema error for one place in the request. */
function refusal(path: string, message: string): ApiError {
  return schemaError([{ path, message }]);
}

/**
 * Where in `value` (parsed JSON, parameters) a string or key is malformed, as a problem path
 * (`body.user.name`); `undefined` when nowhere.
 */
function malformedPath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return isMalformedText(value) ? path : undefined;
  // Parsed JSON nests as deep as its text; a body that deep was refused long before.
  if (typeof value !== 'object' || value === null || depth > 1000) return undefined;
  return Array.isArray(value)
    ? malformedItemPath(value, path, depth)
    : malformedEntryPath(value, path, depth);
}

/** `malformedPath` for an array's items. */
function malformedItemPath(
  value: readonly unknown[],
  path: string,
  depth: number,
): string | undefined {
  for (let i = 0; i < value.length; i++) {
    const found = malformedPath(value[i], `${path}[${i}]`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** `malformedPath` for an object's keys and values. */
function malformedEntryPath(value: object, path: string, depth: number): string | undefined {
  for (const [key, item] of Object.entries(value)) {
    if (isMalformedText(key)) return path;
    const found = malformedPath(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * The text of a request body, read from its bytes.
 * @throws ApiError `unsupported_media_type` for a compressed body or a charset other than UTF-8
 * @throws ApiError `schema_error` for bytes that are not UTF-8
 */
export function bodyText(request: FastifyRequest, body: Buffer): string {
  const encoding = request.headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') {
    throw new ApiError(
      'unsupported_media_type',
      'The request body must not be compressed (no Content-Encoding).',
    );
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(
    request.headers['content-type'] ?? '',
  )?.[1];
  if (charset && !/^(utf-?8|us-ascii)$/i.test(charset)) {
    throw new ApiError('unsupported_media_type', 'The request body must be UTF-8 (charset=utf-8).');
  }
  if (!isUtf8(body)) throw refusal('body', 'is not valid UTF-8');
  return body.toString('utf8');
}

/** A content-type parser (`parseAs: 'buffer'`) that hands `parse` the body's text (`bodyText`). */
export function textParser(
  parse: (
    request: FastifyRequest,
    text: string,
    done: (error: Error | null, body?: unknown) => void,
  ) => void,
) {
  return (
    request: FastifyRequest,
    body: Buffer,
    done: (error: Error | null, body?: unknown) => void,
  ): void => {
    let text: string;
    try {
      text = bodyText(request, body);
    } catch (error) {
      done(error as Error);
      return;
    }
    parse(request, text, done);
  };
}

/**
 * The name-value pairs of `application/x-www-form-urlencoded` text (a form body, or a query
 * string), in order and decoded strictly.
 * @param context where the text is, for the refusal: `body` or `query`
 * @throws ApiError `schema_error` when a percent-encoding is not UTF-8 or a name or value is
 *   malformed (`isMalformedText`)
 */
export function formEntries(text: string, context: 'body' | 'query'): [string, string][] {
  const entries: [string, string][] = [];
  for (const part of text.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const raw = equals < 0 ? [part, ''] : [part.slice(0, equals), part.slice(equals + 1)];
    let name: string;
    let value: string;
    try {
      [name, value] = raw.map((piece) => decodeURIComponent(piece.replaceAll('+', ' '))) as [
        string,
        string,
      ];
    } catch {
      throw refusal(context, 'is not valid percent-encoded UTF-8');
    }
    if (isMalformedText(name)) throw refusal(context, MALFORMED);
    if (isMalformedText(value)) throw refusal(`${context}.${name}`, MALFORMED);
    entries.push([name, value]);
  }
  return entries;
}

/**
 * Refuses a request whose query, path parameters or parsed body hold malformed text (see the
 * module's comment), before schema validation and every route's own hooks. Register it on the
 * root app before any route, with `strictTextParsers`.
 */
export function refuseMalformedText(app: FastifyInstance): void {
  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done) => {
    try {
      assertWellFormed(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

/** @throws ApiError `schema_error` naming the first malformed place in the request */
function assertWellFormed(request: FastifyRequest): void {
  const url = request.raw.url ?? '';
  const query = url.indexOf('?');
  // Only percent-encoding carries these into a query: Node refuses them raw in the request line.
  if (query >= 0 && url.includes('%', query)) formEntries(url.slice(query + 1), 'query');
  const where = malformedPath(request.params, 'params') ?? malformedPath(request.body, 'body');
  if (where) throw refusal(where, MALFORMED);
}

/**
 * Replaces the root's JSON and plain-text parsers by ones that read the body with `bodyText`
 * (Fastify's own read bytes that are not UTF-8 as U+FFFD). Scopes that add parsers of their own
 * build them with `textParser`.
 */
export function strictTextParsers(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    textParser((request, text, done) => json(request, text, done)),
  );
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'buffer' },
    textParser((_request, text, done) => done(null, text)),
  );
}

/**
 * Lets `scope` read `application/x-www-form-urlencoded` bodies of at most `bodyLimit` bytes, as
 * strictly as the other parsers (well-formed UTF-8 and text), into an object of their fields.
 */
export function formFieldParser(scope: FastifyInstance, bodyLimit = 32 * 1024): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit },
    textParser((_request, text, done) => done(null, Object.fromEntries(formEntries(text, 'body')))),
  );
}
