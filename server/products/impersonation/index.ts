/**
 * What the rest of the server may use of impersonation: its single-use tokens, which
 * `npm run impersonate` mints (`server/cli/impersonation.ts`).
 * Code outside this folder imports this file only, never the files beside it.
 */
export { ImpersonationTokens } from './impersonation-tokens.js';
