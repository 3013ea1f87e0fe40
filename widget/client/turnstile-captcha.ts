/**
 * Cloudflare Turnstile in the browser: loads its script once (explicit rendering), renders a
 * widget with the action `LOGIN` that runs its challenge only when executed, and hands back the
 * token. Each token is fresh: the widget is removed once it has given one (tokens work once).
 * The challenge appears to the user only if Turnstile needs an interaction
 * (`appearance: 'interaction-only'`), in a box fixed at the bottom of the page.
 */
import { CAPTCHA_ACTION } from './constants.js';

/** Turnstile's script, rendering explicitly. */
export const TURNSTILE_SCRIPT_URL =
  'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** How long to wait for a token, an interaction included. */
const TOKEN_TIMEOUT_MS = 120_000;

/** The parts of `window.turnstile` used here. */
interface TurnstileApi {
  render(container: HTMLElement, params: Record<string, unknown>): string | undefined;
  execute(widget: string): void;
  remove(widget: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | undefined;

/** `window.turnstile`, loading the script from `scriptUrl` the first time. */
function loadTurnstile(scriptUrl: string): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error('no window.turnstile'));
    script.onerror = () => reject(new Error(`the captcha script did not load: ${scriptUrl}`));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** A fresh Turnstile token for `siteKey`, action `LOGIN`. */
export async function turnstileToken(
  siteKey: string,
  scriptUrl: string = TURNSTILE_SCRIPT_URL,
): Promise<string> {
  const turnstile = await loadTurnstile(scriptUrl);
  const container = document.createElement('div');
  container.style.cssText =
    'position:fixed;bottom:16px;left:50%;transform:translateX(-50%);z-index:2147483647';
  document.body.append(container);
  let widget: string | undefined;
  try {
    return await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the captcha timed out')), TOKEN_TIMEOUT_MS);
      const settle = (done: () => void) => {
        clearTimeout(timer);
        done();
      };
      widget = turnstile.render(container, {
        sitekey: siteKey,
        action: CAPTCHA_ACTION,
        execution: 'execute',
        appearance: 'interaction-only',
        callback: (token: string) => settle(() => resolve(token)),
        'error-callback': (code: string) =>
          settle(() => reject(new Error(`the captcha failed (${code})`))),
        'expired-callback': () => settle(() => reject(new Error('the captcha expired'))),
      });
      if (widget === undefined) settle(() => reject(new Error('the captcha did not render')));
      else turnstile.execute(widget);
    });
  } finally {
    if (widget !== undefined) turnstile.remove(widget);
    container.remove();
  }
}
