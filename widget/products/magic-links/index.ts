/**
 * What other products may use of magic links: sending one, as the password screen does for
 * its "email me a link" choice (loaded with `import()`, so the password chunk stays without it).
 */
export { sendMagicLink } from './magic-link-flow.js';
