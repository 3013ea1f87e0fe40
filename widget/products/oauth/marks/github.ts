/** GitHub's mark for its 'Continue with GitHub' button (loaded only when configured). */
import { svg } from 'lit';

/** The mark, 24 by 24, decorative (the button's text names the provider). */
export const mark = svg`<rect x=".5" y=".5" width="23" height="23" rx="5" fill="#24292f"/><text x="12" y="16.5" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="10" fill="#ffffff">GH</text>`;
