/**
 * Twitter's mark for its 'Continue with Twitter' button (loaded only when configured), from
 * simple-icons (CC0), bundled into this chunk at build time.
 */
import { svg } from 'lit';
import { siX } from 'simple-icons';

/**
 * The mark, 24 by 24, decorative (the button's text names the provider). Twitter is now X: its
 * current mark, in one colour as its brand toolkit asks.
 */
export const mark = svg`<path fill="currentColor" d=${siX.path}/>`;
