/**
 * Turns every failure into the spec's API error body. Schema errors come from
 * the routes' JSON schemas (Fastify's validation), never from hand-written
 * checks, and list each path with its message.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/sql-errors.js';
import { ApiError, apiErrorBody, type SchemaProblem } from './api-error.js';
import { securityHeaders } from './page-security.js';
import { newRequestId, REQUEST_ID_HEADER } from './request-id.js';

/** How long a client should wait before it repeats a call the database could not serve. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

interface AjvProblem {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** `body` + `/events/0/name` → `body.events[0].name`. */
function problemPath(context: string, problem: AjvProblem): string {
  let path = problem.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('');
  const missing = problem.params.missingProperty;
  if (problem.keyword === 'required' && typeof missing === 'string') path += `.${missing}`;
  return `${context}${path}`;
}

function problemMessage(problem: AjvProblem): string {
  if (problem.keyword === 'required') return 'is required';
  if (problem.keyword === 'additionalProperties') {
    return `has an unknown property "${String(problem.params.additionalProperty)}"`;
  }
  return problem.message ?? 'is invalid';
}

/** The problems of a Fastify validation error. */
export function schemaProblems(error: FastifyError): SchemaProblem[] {
  const context = error.validationContext ?? 'body';
  return ((error.validation ?? []) as AjvProblem[]).map((problem) => ({
    path: problemPath(context, problem),
    message: problemMessage(problem),
  }));
}

/** The schema error for `problems`: one line per problem in the message, and the list itself. */
export function schemaError(problems: SchemaProblem[]): ApiError {
  const lines = problems.map((p) => `${p.path}: ${p.message}`).join('\n');
  return new ApiError('schema_error', `Request does not match the expected schema.\n${lines}`, {
    errors: problems,
  });
}

/** Maps any error to an `ApiError`; an unreachable database is `database_unavailable`. */
export function toApiError(error: FastifyError | Error): ApiError {
  if (error instanceof ApiError) return error;
  if (isDatabaseUnavailable(error)) {
    return new ApiError('database_unavailable', undefined, {
      retry_after_seconds: DATABASE_RETRY_AFTER_SECONDS,
    });
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return schemaError(schemaProblems(fastifyError));
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return schemaError([{ path: 'body', message: 'must be a JSON object' }]);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return schemaError([{ path: 'body', message: 'is not valid JSON' }]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new ApiError('unsupported_media_type');
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return schemaError([{ path: 'body', message: 'is not valid JSON' }]);
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 413) return new ApiError('payload_too_large');
  if (status === 415) return new ApiError('unsupported_media_type');
  if (status >= 400 && status < 500) return new ApiError('invalid_request');
  return new ApiError('internal_server_error');
}

/** Answers `request` with the API error body of `error`. */
function sendApiError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: ApiError,
  baseUrl: string,
): FastifyReply {
  const retryAfter = error.extra.retry_after_seconds;
  if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send(apiErrorBody(error, request.id, baseUrl));
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a
 * malformed percent-encoding in the path, say) get the API error body too.
 */
export function frameworkErrorHandler(baseUrl: string) {
  const headers = securityHeaders(baseUrl)('application/json');
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const apiError =
      error.code === 'FST_ERR_BAD_URL'
        ? new ApiError('invalid_request', 'The request path is not valid.')
        : toApiError(error);
    // Such an answer skips the hooks (`onSend` names every other answer's request and adds the
    // security headers, HSTS and nosniff among them).
    reply.headers(headers);
    reply.header(REQUEST_ID_HEADER, request.id);
    sendApiError(request, reply, apiError, baseUrl);
  };
}

/**
 * Fastify's `clientErrorHandler` option: a request Node's HTTP parser cannot
 * read at all is answered with the API error body and the connection closed.
 */
export function clientErrorHandler(baseUrl: string) {
  // The security headers every answer carries (`onSend` adds them to the others).
  const headers = Object.entries(securityHeaders(baseUrl)('application/json'))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (!socket.writable) return;
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const apiError = new ApiError(tooLarge ? 'headers_too_large' : 'invalid_request');
    const requestId = newRequestId();
    const body = JSON.stringify(apiErrorBody(apiError, requestId, baseUrl));
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `X-Request-Id: ${requestId}\r\n${headers}` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

/** Installs the error and not-found handlers on `app`; `baseUrl` builds `error_url`. */
export function installErrorHandling(app: FastifyInstance, baseUrl: string): void {
  const send = (request: FastifyRequest, reply: FastifyReply, error: ApiError) =>
    sendApiError(request, reply, error, baseUrl);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.type === 'database_unavailable') {
      request.log.warn({ err: error }, 'database unavailable');
    } else if (apiError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    return send(request, reply, apiError);
  });
  app.setNotFoundHandler((request, reply) => send(request, reply, new ApiError('not_found')));
}
