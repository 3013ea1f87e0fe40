/**
 * Apple's mark for its 'Continue with Apple' button (loaded only when configured), from
 * simple-icons (CC0), bundled into this chunk at build time.
 */
import { svg } from 'lit';
import { siApple } from 'simple-icons';

/**
 * The mark, 24 by 24, decorative (the button's text names the provider). Apple's guidelines: the
 * logo takes the title's colour (black on a light button, white on a dark one).
 */
export const mark = svg`<path fill="currentColor" d=${siApple.path}/>`;
