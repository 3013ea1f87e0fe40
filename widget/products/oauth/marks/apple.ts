/** Apple's mark for its 'Continue with Apple' button (loaded only when configured). */
import { svg } from 'lit';

/** The mark, 24 by 24, decorative (the button's text names the provider). */
export const mark = svg`<rect width="24" height="24" rx="5" fill="#000"/><path fill="#fff" d="M15.6 12.6c0-1.6 1.3-2.4 1.4-2.5-.8-1.1-2-1.3-2.4-1.3-1-.1-2 .6-2.5.6s-1.3-.6-2.2-.6c-1.1 0-2.2.7-2.8 1.7-1.2 2.1-.3 5.2.9 6.9.6.8 1.2 1.7 2.1 1.7.8 0 1.2-.5 2.2-.5s1.3.5 2.2.5c.9 0 1.5-.8 2-1.7.7-1 .9-1.9.9-2-.1 0-1.8-.7-1.8-2.8zM14 7.7c.5-.6.8-1.4.7-2.2-.7 0-1.5.5-2 1.1-.4.5-.8 1.3-.7 2.1.8.1 1.5-.4 2-1z"/>`;
