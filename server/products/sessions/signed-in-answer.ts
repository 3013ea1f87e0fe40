/**
 * What every route that ends signed in answers (passcodes, magic links, passwords, passkeys,
 * wallets), in Stytch's shape: the product's own fields, then the session, its token and JWT,
 * and the user.
 */
import type { FastifyRequest } from 'fastify';
import { callerSessionToken } from '../../http/basic-auth.js';
import { envelope } from '../../http/envelope.js';
import { projectOf } from '../../http/request-context.js';
import type { UserRecord, UsersRepository } from '../users/index.js';
import { userBody } from '../users/index.js';
import { type IssuedSession, sessionBody } from './session-service.js';

/**
 * The enveloped answer for `userId`, signed in with `issued`. A session that was only extended
 * keeps the caller's own token. `fields` come after `user_id` (`method_id`, `email_id`…).
 * `known` is the user when the caller read it already (after its last change), else it is read.
 */
export async function signedInAnswer(
  request: FastifyRequest,
  users: UsersRepository,
  userId: string,
  issued: IssuedSession,
  fields: Record<string, unknown>,
  known?: UserRecord,
) {
  const user = known ?? (await users.findById(projectOf(request).projectId, userId));
  return envelope(request, {
    user_id: userId,
    ...fields,
    session_token: issued.token ?? callerSessionToken(request),
    session_jwt: issued.jwt,
    session: sessionBody(issued.record),
    user: user ? userBody(user) : null,
  });
}

/**
 * The request's `User-Agent`, at most 512 characters, as a session records it. Node's HTTP parser
 * refuses control characters in a header, but a NUL that reached here anyway (a proxy that
 * rewrote the header, a lenient parser) is removed, not refused: the header is the client's
 * description of itself, not something the person typed, and refusing it would lock a client out
 * over a string it cannot change. Bytes above 0x7f arrive as Latin-1 characters, which store.
 */
export function userAgentOf(request: FastifyRequest): string {
  return String(request.headers['user-agent'] ?? '')
    .replaceAll('\u0000', '')
    .slice(0, 512);
}
