/**
 * What other products may use of Google One Tap: the plugin the OAuth product loads, on its
 * own, when a configured Google provider asks for One Tap (`one-tap-hook.ts` there).
 */
export { default } from './one-tap-plugin.js';
