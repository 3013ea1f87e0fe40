/**
 * Snapchat's mark for its 'Continue with Snapchat' button (loaded only when configured): the
 * ghost from simple-icons (CC0), bundled into this chunk at build time, on Snapchat's yellow
 * (the ghost alone in that yellow would vanish on a light button).
 */
import { svg } from 'lit';
import { siSnapchat } from 'simple-icons';

/** The mark, 24 by 24, decorative (the button's text names the provider). */
export const mark = svg`<rect width="24" height="24" rx="5" fill=${`#${siSnapchat.hex}`}/><path transform="translate(4 4) scale(.6667)" fill="#000" d=${siSnapchat.path}/>`;
