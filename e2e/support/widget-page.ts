/**
 * A third-party page that embeds the widget the way docs/widget.md tells embedders to: one module
 * script from the Velvet server and one `<velvet-login>` tag, nothing else.
 */

/** What the page embeds. */
export interface WidgetPageOptions {
  /** The Velvet server's origin (it serves `/widget/velvet.js` and the API). */
  velvetUrl: string;
  publicToken: string;
  /** The widget config, written into the `config` attribute as JSON. */
  config: unknown;
}

function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll("'", '&#39;').replaceAll('<', '&lt;');
}

/** The page's HTML. */
export function widgetPage({ velvetUrl, publicToken, config }: WidgetPageOptions): string {
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>A page with the Velvet widget</title>
<script type="module" src="${velvetUrl}/widget/velvet.js"></script>
<main>
  <h1>Sign in</h1>
  <velvet-login public-token='${attribute(publicToken)}' api-base='${attribute(velvetUrl)}'
    config='${attribute(JSON.stringify(config))}'></velvet-login>
</main>
</html>`;
}

/**
 * An init script recording, from inside the page, when the phone form first shows: the first
 * animation frame in which `<velvet-login>` (in its shadow root or its own children) holds a
 * laid-out `type="tel"` input that is not hidden (the form keeps its room hidden until the
 * project's countries are known). Stored as `performance.now()` in `window.velvetFirstRender`, on
 * the same clock as the Resource Timing entries' `startTime`.
 */
export function recordFirstRender(): void {
  const win = window as Window & { velvetFirstRender?: number };
  const check = () => {
    const el = document.querySelector('velvet-login');
    const input = (el?.shadowRoot ?? el)?.querySelector('input[type="tel"]');
    if (input?.checkVisibility({ visibilityProperty: true })) {
      win.velvetFirstRender = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** An init script collecting each `velvet-event` detail in `window.velvetEvents`. */
export function recordVelvetEvents(): void {
  const win = window as Window & { velvetEvents?: unknown[] };
  win.velvetEvents = [];
  document.addEventListener('velvet-event', (event) => {
    win.velvetEvents?.push((event as CustomEvent).detail);
  });
}
