/**
 * Microsoft's mark for its 'Continue with Microsoft' button (loaded only when configured): the
 * four squares of Microsoft's sign-in branding guidelines, in their four colours (simple-icons 16
 * has no Microsoft mark).
 */
import { svg } from 'lit';

/** The mark, 24 by 24, decorative (the button's text names the provider). */
export const mark = svg`<rect x="2" y="2" width="9.5" height="9.5" fill="#F25022"/><rect x="12.5" y="2" width="9.5" height="9.5" fill="#7FBA00"/><rect x="2" y="12.5" width="9.5" height="9.5" fill="#00A4EF"/><rect x="12.5" y="12.5" width="9.5" height="9.5" fill="#FFB900"/>`;
