/** Wire-format bodies as our server sends them, for the stubbed fetch. */

import type { Session, User } from '../api-types.js';

/** A public token of the expected form. */
export const PUBLIC_TOKEN = 'public-token-test-4b8e0a51';

/** A user as `GET /users/me` and the authenticate calls describe it. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    user_id: 'user-test-1',
    created_at: '2025-07-01T12:00:00Z',
    status: 'active',
    name: { first_name: 'Ada', last_name: 'Guest' },
    emails: [{ email_id: 'email-test-1', email: 'ada@example.com', verified: true }],
    phone_numbers: [
      { phone_id: 'phone-number-test-1', phone_number: '+14155550100', verified: true },
    ],
    webauthn_registrations: [],
    trusted_metadata: { invited: true },
    untrusted_metadata: {},
    ...overrides,
  };
}

/** A session started at the party (the fake clock's start) that expires in 2099. */
export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    session_id: 'session-test-1',
    user_id: 'user-test-1',
    started_at: '2025-07-26T18:00:00Z',
    last_accessed_at: '2025-07-26T18:00:00Z',
    expires_at: '2099-07-26T18:00:00Z',
    authentication_factors: [
      { type: 'otp', delivery_method: 'sms', last_authenticated_at: '2025-07-26T18:00:00Z' },
    ],
    attributes: { ip_address: '203.0.113.7', user_agent: 'test' },
    ...overrides,
  };
}

let requestCounter = 0;

/** The success envelope around `fields`, as the server sends it: the fields under `data`. */
export function success(fields: Record<string, unknown>): Record<string, unknown> {
  requestCounter += 1;
  const common = { request_id: `request-id-test-${requestCounter}`, status_code: 200 };
  return { ...common, data: { ...common, ...fields } };
}

/** An error body of the server's catalogue. */
export function apiErrorBody(
  statusCode: number,
  errorType: string,
  errorMessage: string,
): Record<string, unknown> {
  requestCounter += 1;
  return {
    status_code: statusCode,
    request_id: `request-id-test-${requestCounter}`,
    error_type: errorType,
    error_message: errorMessage,
    error_url: `https://velvet.test/docs/errors#${errorType}`,
  };
}

/** The body of `/otps/authenticate` (and, without the ids, of `/sessions/authenticate`). */
export function authenticateBody(token = 'session-token-1', jwt = 'session.jwt.1') {
  return success({
    user_id: 'user-test-1',
    method_id: 'phone-number-test-1',
    session_token: token,
    session_jwt: jwt,
    session: makeSession(),
    user: makeUser(),
  });
}
