/**
 * GitLab's mark for its 'Continue with GitLab' button (loaded only when configured), from
 * simple-icons (CC0), bundled into this chunk at build time.
 */
import { svg } from 'lit';
import { siGitlab } from 'simple-icons';

/** The mark, 24 by 24, in the brand's colour; decorative (the button's text names the provider). */
export const mark = svg`<path fill=${`#${siGitlab.hex}`} d=${siGitlab.path}/>`;
