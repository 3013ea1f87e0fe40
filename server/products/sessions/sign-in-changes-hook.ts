/**
 * The route option that applies `assertMayChangeSignIn`: a route that adds or removes a way to
 * sign in or a factor, mints recovery codes or changes the password declares
 * `config: {changesSignIn: true}`, and a caller's session is checked before the handler runs
 * (after the body's schema, before any write). A route that also serves callers without a session
 * (`POST /passwords/existing_password/reset`) is checked only when a session came with the call.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import type { UsersRepository } from '../users/index.js';
import { assertMayChangeSignIn } from './sign-in-changes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whether the route changes how the session's user signs in (see `sign-in-changes.ts`). */
    changesSignIn?: boolean;
  }
}

/** Adds the check to every route of `scope` that declares `changesSignIn`. */
export function signInChangesHook(scope: FastifyInstance, deps: { users: UsersRepository }): void {
  const check = async (request: FastifyRequest): Promise<void> => {
    const session = request.velvet?.session;
    if (!session) return;
    // The session's lookup read its user (and the user's lists) in the same query.
    const user = session.user ?? (await deps.users.findById(session.projectId, session.userId));
    if (!user) throw new ApiError('session_not_found');
    assertMayChangeSignIn(session, user);
  };
  // A callback hook: the routes that do not opt in (most calls) pass without a promise.
  scope.addHook('preHandler', (request, _reply, done) => {
    if (request.routeOptions.config.changesSignIn !== true) {
      done();
      return;
    }
    check(request).then(() => done(), done);
  });
}
