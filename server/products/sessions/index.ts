/**
 * What other products may use of sessions: the service every sign-in ends with, the answer a
 * sign-in returns, the checks an impersonated session is held to, and the session rows.
 * Other products import this file only, never the files beside it.
 */

export type { IssuedSession, SessionService } from './session-service.js';
export { SESSION_CLAIM, SESSION_DURATION_MINUTES } from './session-service.js';
export type { SessionRecord } from './sessions-repository.js';
export { sessionRow } from './sessions-repository.js';
export type { SessionsTable } from './sessions-tables.js';
export { assertNotImpersonated, IMPERSONATED_SESSION_MAX_MINUTES } from './sign-in-changes.js';
export { signedInAnswer, userAgentOf } from './signed-in-answer.js';
