/**
 * Limits on sends (passcodes, magic links, password reset emails) that a stranger cannot use
 * against the guest they are sent to:
 *
 * - Sends are counted per (address, client) (`perDestination`; a client as `clientKey` sees
 *   it), so a stranger's requests never use up the guest's own.
 * - A per-address backstop bounds what many clients together send to one address: once
 *   `clientsWorth × perDestination.max` sends reached it within the window, from all clients, a
 *   client may send only while it has sent fewer than `clientSends` to it in the window. The
 *   guest's own device, which has not sent, still gets its message; K clients together send at
 *   most `clientsWorth × perDestination.max + clientSends × K` to one address per window.
 * - A client that signed in with the address before (the caller's `trusted`, asked only when
 *   the backstop would refuse) is never shut out by it: others' sends cannot stop the owner's.
 */
import type { ErrorType } from '../http/api-error.js';
import { ApiError } from '../http/api-error.js';
import type { RateLimit } from '../projects/project-settings.js';
import { limitName, type RateLimiter } from './rate-limiter.js';

/** The numbers of the per-address backstop (see the module's comment). */
export const SEND_BACKSTOP = {
  /** The address's budget per window, in clients' worth of `perDestination.max`. */
  clientsWorth: 4,
  /** Once the budget is spent, the sends a client may still make to the address per window. */
  clientSends: 2,
} as const;

/** One send to count. */
export interface SendToCount {
  /** The product and project, such as `magic-link-send:<project_id>`. */
  scope: string;
  /** The address sent to, normalized. */
  destination: string;
  /** The client's key (`clientKey`). */
  client: string;
  /** Sends per (address, client) and window. */
  perDestination: RateLimit;
  /** The refusal's `error_type`. */
  errorType: ErrorType;
}

/**
 * Counts a send to `destination` by `client`, or refuses it (with `retry_after_seconds`) when
 * the client used up its sends to the address or the address's backstop shuts it out.
 * @param trusted Whether the client succeeded for the address before (see
 *   `FailureThrottle.isTrusted`); asked only when the backstop would refuse.
 */
export async function countSend(
  limiter: RateLimiter,
  send: SendToCount,
  trusted?: () => Promise<boolean>,
): Promise<void> {
  const { perDestination } = send;
  const own = `${send.scope}:to:${send.destination}:${send.client}`;
  const mine = await limiter.count(own, perDestination);
  if (mine.hits > perDestination.max) throw refusal(send, mine.resetAt, limiter);
  const budget = { ...perDestination, max: SEND_BACKSTOP.clientsWorth * perDestination.max };
  const all = await limiter.count(`${send.scope}:all:${send.destination}`, budget);
  if (all.hits > budget.max && mine.hits > SEND_BACKSTOP.clientSends && !(await trusted?.())) {
    throw refusal(send, Math.min(all.resetAt, mine.resetAt), limiter);
  }
}

function refusal(send: SendToCount, until: number, limiter: RateLimiter): ApiError {
  limiter.noteRefusal(`${limitName(send.scope)}:destination`);
  return new ApiError(send.errorType, undefined, {
    retry_after_seconds: Math.max(1, Math.ceil((until - limiter.now()) / 1000)),
  });
}
