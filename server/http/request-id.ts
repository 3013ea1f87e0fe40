/**
 * Request ids: an incoming `X-Request-Id` (a proxy's, such as nginx's `$request_id`, or a
 * client's) is kept when it is well-formed, so one id follows a request from the proxy's log to
 * ours; anything else gets an id of our own. The id is in every log line of the request (pino's
 * `reqId` binding), in the `request_id` of its body, and in the `X-Request-Id` of every answer.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request id comes in and goes out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an incoming id must be to be kept: 1 to 128 characters of letters, digits, `.`, `_`, `:`
 * and `-`. Nothing that could split a header or a log line, or fill one.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/** A new id of our own, such as `request-id-0b5c…` (the form Stytch's API answers with). */
export function newRequestId(): string {
  return `request-id-${randomUUID()}`;
}

/**
 * `value` (a header as Node reads it) when it is a well-formed request id, else `undefined`.
 * A header sent twice arrives joined by `, `, which is not well-formed.
 */
export function wellFormedRequestId(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && WELL_FORMED.test(value) ? value : undefined;
}

/** Fastify's `genReqId`: the request's own `X-Request-Id` when well-formed, else a new id. */
export function requestIdOf(request: IncomingMessage): string {
  return wellFormedRequestId(request.headers[REQUEST_ID_HEADER]) ?? newRequestId();
}
