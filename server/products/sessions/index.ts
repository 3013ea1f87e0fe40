/**
 * What other products and the rest of the server may use of sessions: the service every sign-in
 * ends with (which `app.ts` makes and the SDK's authentication reads), the answer a sign-in
 * returns, the checks an impersonated session is held to and the hook that applies them, and the
 * session rows and their repository (which the store opens), and the site project's guest sessions.
 * Code outside this folder imports this file only, never the files beside it.
 */

export type { IssuedSession } from './session-service.js';
export { SESSION_CLAIM, SESSION_DURATION_MINUTES, SessionService } from './session-service.js';
export type { SessionRecord } from './sessions-repository.js';
export { SessionsRepository, sessionRow } from './sessions-repository.js';
export { siteGuestSessionMinutes, withSiteGuestSessions } from './sessions-settings.js';
export type { SessionsTable } from './sessions-tables.js';
export { assertNotImpersonated, IMPERSONATED_SESSION_MAX_MINUTES } from './sign-in-changes.js';
export { signInChangesHook } from './sign-in-changes-hook.js';
export { signedInAnswer, userAgentOf } from './signed-in-answer.js';
