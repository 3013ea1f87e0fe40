/**
 * The signed-in user: `GET` and `PUT /users/me`, `DELETE /users/emails/{id}`,
 * `DELETE /users/phone_numbers/{id}`, `DELETE /users/biometric_registrations/{id}`, and
 * `POST /users/search`. Every deletion keeps the user's last way to sign in (`sign-in-methods.ts`)
 * and needs a session that may change how the user signs in (`changesSignIn`, see
 * `sessions/sign-in-changes.ts`).
 */
import type { FastifyInstance } from 'fastify';
import type { JsonObject } from '../../db/json-column.js';
import { ApiError } from '../../http/api-error.js';
import { envelope } from '../../http/envelope.js';
import { schemaError } from '../../http/error-handler.js';
import { projectOf, sessionOf } from '../../http/request-context.js';
import * as s from '../../http/schemas.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { Store } from '../../store.js';
import { PasswordsRepository } from '../passwords/index.js';
import { normalizeEmail } from './destinations.js';
import { assertNotLastSignInMethod } from './sign-in-methods.js';
import { userBody } from './user-body.js';
import type { UserName } from './user-record.js';
import './users-errors.js';

/** The most `untrusted_metadata` a user may hold, as UTF-8 JSON bytes. */
export const UNTRUSTED_METADATA_MAX_BYTES = 4096;

/**
 * Applies a `PUT /users/me` change: top-level keys replace the stored ones,
 * and a `null` value removes its key (Stytch's rule).
 */
export function mergeMetadata(current: JsonObject, change: JsonObject): JsonObject {
  const merged: JsonObject = { ...current };
  for (const [key, value] of Object.entries(change)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** A name part, as `PUT /users/me` takes it. */
const nameField = { type: 'string', maxLength: 256 } as const;

/** The body of `PUT /users/me`: either field, or both. */
interface UpdateBody {
  name?: Partial<UserName>;
  untrusted_metadata?: JsonObject;
}

/** The UTF-8 size of `value` as JSON; nesting too deep to serialize counts as too large. */
function serializedSize(value: JsonObject): number {
  try {
    return Buffer.byteLength(JSON.stringify(value));
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Registers the user routes. */
export function userRoutes(
  app: FastifyInstance,
  deps: { store: Store; limiter: RateLimiter },
): void {
  const { users } = deps.store;
  const passwords = new PasswordsRepository(deps.store.db);

  const currentUser = async (projectId: string, userId: string) => {
    const user = await users.findById(projectId, userId);
    if (!user) throw new ApiError('session_not_found');
    return user;
  };

  /** `GET /users/me`: the session's user, flat in the envelope. */
  app.get('/users/me', { config: { auth: 'session', checks: 'session' } }, async (request) => {
    const user = await currentUser(projectOf(request).projectId, sessionOf(request).userId);
    return envelope(request, userBody(user));
  });

  /**
   * `PUT /users/me`: changes the user's `name` (the fields given replace theirs, the others stay)
   * and merges `untrusted_metadata` (see {@link mergeMetadata}); either or both. Answers the user
   * flat, as our clients read it, and as `__user`, where Stytch's SDK reads it.
   */
  app.put<{ Body: UpdateBody }>(
    '/users/me',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            name: {
              type: 'object',
              additionalProperties: false,
              properties: {
                first_name: nameField,
                middle_name: nameField,
                last_name: nameField,
              },
            },
            untrusted_metadata: { type: 'object' },
          },
        },
      },
      config: { auth: 'session', checks: 'session' },
    },
    async (request) => {
      const { name, untrusted_metadata: metadata } = request.body;
      if (name === undefined && metadata === undefined) {
        throw schemaError([{ path: 'body', message: 'must have name or untrusted_metadata' }]);
      }
      const projectId = projectOf(request).projectId;
      const user = await currentUser(projectId, sessionOf(request).userId);
      const merged = metadata && mergeMetadata(user.untrustedMetadata, metadata);
      if (merged && serializedSize(merged) > UNTRUSTED_METADATA_MAX_BYTES) {
        throw new ApiError('metadata_too_large');
      }
      const newName = name && { ...user.name, ...name };
      if (merged) await users.setUntrustedMetadata(user.userId, merged);
      if (newName) await users.setName(user.userId, newName);
      const body = userBody({
        ...user,
        untrustedMetadata: merged ?? user.untrustedMetadata,
        name: newName ?? user.name,
      });
      return envelope(request, { ...body, __user: body });
    },
  );

  const deleteRoute = (kind: 'email' | 'phone', path: string) => {
    app.delete<{ Params: { id: string } }>(
      path,
      {
        schema: { params: { type: 'object', required: ['id'], properties: { id: s.id } } },
        config: { auth: 'session', changesSignIn: true, checks: 'session' },
      },
      async (request) => {
        const projectId = projectOf(request).projectId;
        const userId = sessionOf(request).userId;
        assertNotLastSignInMethod(await currentUser(projectId, userId), request.params.id);
        if (!(await users.deleteDestination(userId, kind, request.params.id))) {
          throw new ApiError(kind === 'email' ? 'email_id_not_found' : 'phone_id_not_found');
        }
        const user = userBody(await currentUser(projectId, userId));
        // The user flat, as our clients read it, and as `__user`, where Stytch's SDK reads it.
        return envelope(request, { ...user, __user: user });
      },
    );
  };
  /** `DELETE /users/emails/{id}` */
  deleteRoute('email', '/users/emails/:id');
  /** `DELETE /users/phone_numbers/{id}` */
  deleteRoute('phone', '/users/phone_numbers/:id');

  /**
   * `DELETE /users/biometric_registrations/{id}`: biometrics are registered by Stytch's mobile
   * SDKs, which Velvet does not serve, so a user has none and every id is not found.
   */
  app.delete<{ Params: { id: string } }>(
    '/users/biometric_registrations/:id',
    {
      schema: { params: { type: 'object', required: ['id'], properties: { id: s.id } } },
      config: { auth: 'session', changesSignIn: true, checks: 'session' },
    },
    async (request) => {
      const user = await currentUser(projectOf(request).projectId, sessionOf(request).userId);
      assertNotLastSignInMethod(user, request.params.id);
      throw new ApiError('biometric_registration_not_found');
    },
  );

  /**
   * `POST /b2b/organizations/members/search {email_address, organization_id}`: a B2B call (Stytch's
   * B2B UI looks a member up with it). Every Velvet project is a consumer project (bootstrap says
   * `vertical: CONSUMER`), so a valid request is told so; the consumer client logs the matching
   * error when bootstrap names a B2B project (spec section 6).
   */
  app.post<{ Body: { email_address: string; organization_id: string } }>(
    '/b2b/organizations/members/search',
    {
      schema: {
        body: {
          type: 'object',
          required: ['email_address', 'organization_id'],
          properties: { email_address: s.email, organization_id: s.id, ...s.sdkExtras },
        },
      },
      config: { checks: 'nothing' },
    },
    async () => {
      throw new ApiError('b2b_endpoint_for_consumer_project');
    },
  );

  /** `POST /users/search`: what kind of user an email belongs to (`new`, `password`, `passwordless`). */
  app.post<{ Body: { email: string } }>(
    '/users/search',
    {
      schema: {
        body: {
          type: 'object',
          required: ['email'],
          properties: { email: s.email, ...s.sdkExtras },
        },
      },
      config: { checks: 'account' },
    },
    async (request) => {
      const project = projectOf(request);
      await deps.limiter.hit(
        `users-search:ip:${project.projectId}:${request.ip}`,
        project.settings.otp.authenticateLimit.perIp,
        'too_many_requests',
      );
      const email = normalizeEmail(request.body.email);
      const found = await users.findByDestination(project.projectId, 'email', email);
      let userType: 'new' | 'password' | 'passwordless' = 'new';
      if (found) userType = (await passwords.hashOf(found.userId)) ? 'password' : 'passwordless';
      // `user_type` as Stytch's API spells it; `userType`, where Stytch's SDK reads it (its
      // prebuilt password screens choose "create" or "log in" by it).
      return envelope(request, { user_type: userType, userType });
    },
  );
}
