/** The one envelope of every successful `/sdk/v1` answer: `request_id`, `status_code`, then the fields. */
import type { FastifyRequest } from 'fastify';

/** A success body: Stytch's flat shape. */
export type Envelope<T extends object> = { request_id: string; status_code: 200 } & T;

/** Wraps `fields` in the envelope for `request`. */
export function envelope<T extends object>(request: FastifyRequest, fields: T): Envelope<T> {
  return { request_id: request.id, status_code: 200, ...fields };
}
