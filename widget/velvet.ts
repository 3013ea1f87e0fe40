/**
 * The widget's entry: `<script type="module" src="…/widget/velvet.js">` defines
 * `<velvet-login>`. Products, the client library and the phone-number parser load later, as
 * separate chunks, only when a page needs them.
 */
import { VELVET_LOGIN_TAG, VelvetLogin } from './element/velvet-login.js';

// Only where there are custom elements: a server rendering the page imports this module too.
if (typeof customElements !== 'undefined' && !customElements.get(VELVET_LOGIN_TAG)) {
  customElements.define(VELVET_LOGIN_TAG, VelvetLogin);
}

/**
 * Clickable provider links in messages (spec section 8), as the widget's forms render them;
 * exported so it ships in this file rather than in one more request before first render.
 */
export { linkedText } from './components/linked-text.js';
export type { VelvetConfig, WidgetTheme } from './config/widget-config.js';
export { VELVET_LOGIN_TAG, VelvetLogin } from './element/velvet-login.js';
export {
  type VelvetCallbacks,
  type VelvetErrorDetail,
  type VelvetEventDetail,
  VelvetEventType,
} from './events.js';
export type { PageStrings } from './strings/catalogue.js';
export type { Strings } from './strings/en.js';
