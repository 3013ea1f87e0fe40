/**
 * What other products may use of OAuth: whether an OAuth redirect is completing (One Tap waits
 * for it) and the shape of the One Tap plugin the OAuth buttons load.
 */
export { completingOAuth } from './oauth-flow.js';
export type { OneTapPlugin } from './one-tap-hook.js';
