/**
 * Slack's monogram for its 'Continue with Slack' button (loaded only when configured): simple-icons
 * 16 has no Slack mark, so the button shows the brand's initial in its colours instead.
 */
import { svg } from 'lit';

/** The monogram, 24 by 24, decorative (the button's text names the provider). */
export const mark = svg`<rect x=".5" y=".5" width="23" height="23" rx="5" fill="#4A154B"/><text x="12" y="16.5" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="13" fill="#ffffff">S</text>`;
