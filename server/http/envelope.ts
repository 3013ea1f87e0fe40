/**
 * The one envelope of every successful `/sdk/v1` answer, in the shape Stytch's
 * SDKs read: the fields under `data`, with `request_id` and `status_code`
 * both beside it and inside it (the SDK hands `data` to its callers, whose
 * types carry both). Errors stay flat (see `api-error.ts`).
 */
import type { FastifyRequest } from 'fastify';

/** What every success carries, at the top and inside `data`. */
export interface SuccessCommon {
  request_id: string;
  status_code: 200;
}

/** A success body. */
export type Envelope<T extends object> = SuccessCommon & { data: SuccessCommon & T };

/** Wraps `fields` in the envelope for `request`. */
export function envelope<T extends object>(request: FastifyRequest, fields: T): Envelope<T> {
  const common: SuccessCommon = { request_id: request.id, status_code: 200 };
  return { ...common, data: { ...common, ...fields } };
}
