/**
 * The demo page's entry (`demo/index.html`): starts the demo in `#demo` against the server the
 * page came from, with the public token the build wrote into the page.
 */
import { DemoApp } from './demo-app.js';
import './demo.css';

/** In `index.html`, what the build replaces with the development project's public token. */
const TOKEN_META = 'velvet-public-token';

const root = document.getElementById('demo');
if (!root) throw new Error('demo/index.html has no #demo element');
const defaultToken =
  document.querySelector<HTMLMetaElement>(`meta[name="${TOKEN_META}"]`)?.content ?? '';
new DemoApp({ root, origin: location.origin, defaultToken }).start();
