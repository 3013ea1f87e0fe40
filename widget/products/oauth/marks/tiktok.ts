/**
 * TikTok's mark for its 'Continue with TikTok' button (loaded only when configured), from
 * simple-icons (CC0), bundled into this chunk at build time.
 */
import { svg } from 'lit';
import { siTiktok } from 'simple-icons';

/**
 * The mark, 24 by 24, decorative (the button's text names the provider). TikTok's mark in one
 * colour, as the button's text.
 */
export const mark = svg`<path fill="currentColor" d=${siTiktok.path}/>`;
