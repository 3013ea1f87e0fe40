/**
 * GitHub's mark for its 'Continue with GitHub' button (loaded only when configured), from
 * simple-icons (CC0), bundled into this chunk at build time.
 */
import { svg } from 'lit';
import { siGithub } from 'simple-icons';

/**
 * The mark, 24 by 24, decorative (the button's text names the provider). GitHub's guidelines: the
 * mark in one colour, black or white, as the button's text.
 */
export const mark = svg`<path fill="currentColor" d=${siGithub.path}/>`;
