/**
 * `<velvet-login>`: the sign-in widget. One element a page drops in with one script tag; it
 * checks its configuration, loads the configured products as lazy chunks, keeps the one current
 * screen in a reducer, and tells the page what happened through DOM events and callbacks.
 */
import {
  html,
  nothing,
  type PropertyValues,
  ReactiveElement,
  render,
  type TemplateResult,
} from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Clock } from '../client/clock.js';
import type { VelvetClient } from '../client/velvet-client.js';
import '../components/progress-bar.js';
import type { TabChangeEventDetail } from '../components/tabs.js';
import { type ConfigCheck, checkConfig } from '../config/validate-config.js';
import type { Product, VelvetConfig } from '../config/widget-config.js';
import {
  type VelvetCallbacks,
  type VelvetErrorDetail,
  type VelvetEventDetail,
  VelvetEventType,
} from '../events.js';
import type {
  FormMethod,
  ProductContext,
  ProductPlugin,
  WidgetBootstrap,
} from '../products/product.js';
import { PRODUCT_LOADERS } from '../products/registry.js';
import { Screen } from '../state/screen.js';
import {
  initialState,
  reduce,
  type WidgetAction,
  type WidgetState,
} from '../state/widget-state.js';
import type { LocaleCatalogue, PageStrings } from '../strings/catalogue.js';
import { type Strings, withOverrides } from '../strings/en.js';
import { themeProperties } from '../theme/theme.js';
import { loadClient } from './client-loader.js';
import {
  configConverter,
  INVALID_CONFIG_ERROR,
  UnparsableConfig,
  unparsableConfigMessage,
} from './config-attribute.js';
import { mainLayout } from './main-layout.js';
import { sendEvent } from './main-screen-calls.js';
import { readBootstrap } from './read-bootstrap.js';
import { adoptOnce, STYLES_EVENT, type StyleMode, styleSheet } from './style-sheets.js';
import { velvetLoginStyles } from './velvet-login.styles.js';

/** The element's tag. */
export const VELVET_LOGIN_TAG = 'velvet-login';

let nextInstance = 1;

/** Runs `work` once the browser is idle (soon after the current frame is painted). */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 200);
}

/** The custom properties as a `style` attribute. */
function styleAttribute(properties: Partial<Record<string, string>>): string {
  return Object.entries(properties)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
}

/** Says on the console that a lazy part did not load. */
function loadFailed(error: unknown): void {
  console.error('<velvet-login>: a part did not load.', error);
}

/** What a lazy chunk's `import()` resolves. */
type ChunkLoader = () => Promise<unknown>;

/** Loads an element used only on some screens (alerts, the back button). */
function loadLazily(loader: () => Promise<unknown>): void {
  loader().catch(loadFailed);
}

/**
 * The real clock. The client library's `systemClock` is the same, but `clock.ts` is shared with
 * the `client.js` entry, so importing it would add a chunk request before first render.
 */
const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};

/**
 * The Velvet sign-in widget. Give it the project's public token and a configuration; it shows
 * the configured sign-in products and signs the user in against the Velvet API (`/sdk/v1` at
 * `api-base`, the page's origin by default). The session is kept by the client library in
 * storage and cookies, where the page's own client (or the server) reads it.
 *
 * The configuration follows the widget config of the spec: `products`, `otpOptions`,
 * `sessionOptions`, `enableShadowDOM`, the theme (`container`, `colors`, `buttons`, `inputs`,
 * `typography`, `fontFamily`, `hideHeaderText`, `logo`) and `locale`. Unknown or mistyped
 * options are reported with `console.error` and left out; the spec's configuration errors
 * replace the form.
 *
 * With `enableShadowDOM` the widget renders into an open shadow root; without it, into the
 * element itself with its styles scoped to `velvet-login`. Either way the inputs are real
 * `<input>`s in a real `<form>` with `autocomplete` (`tel`, `email`, `one-time-code`), so
 * autofill and password managers reach them.
 *
 * The custom properties are listed with their defaults (`[--name=default]`); one that follows
 * another property takes that property's value when set, and the default shown otherwise.
 *
 * @summary A sign-in widget: passcodes by SMS, WhatsApp and email.
 *
 * @event {CustomEvent<VelvetEventDetail>} velvet-event - A step of a flow succeeded (a
 *   passcode sent, verified; `AUTHENTICATE_FLOW_COMPLETE` once a sign-in is over). Detail:
 *   `{type, data}`. Bubbles and crosses shadow roots; `callbacks.onEvent` gets the same detail.
 * @event {CustomEvent<VelvetErrorDetail>} velvet-error - A call failed. Detail:
 *   `{message, errorType?}`; `callbacks.onError` gets the same detail.
 *
 * @csspart container - The box around every screen.
 * @csspart logo - The logo image (`logo.logoImageUrl`).
 * @csspart title - Each screen's heading.
 * @csspart text - Body text.
 * @csspart form - Each sign-in form.
 * @csspart error - The error text under a form or the passcode.
 * @csspart error-link - Each `http(s)` link in that error text (it opens in a new tab).
 * @csspart button - Every button of a form; `button-primary` too for the main action.
 * @csspart link - Text buttons such as `Resend code`.
 * @csspart divider - The rule between button products and the form.
 * @csspart input - Text fields (email, phone number).
 * @csspart box - The six passcode boxes.
 * @csspart tab - Each method tab; `tab-selected` too for the current one.
 *
 * @cssproperty [--velvet-container-width=25rem] - Width of the box (400px at the browser's
 *   default text size, 16px; at most the page's width).
 * @cssproperty [--velvet-container-radius=8px] - Corner radius of the box.
 * @cssproperty [--velvet-container-background=#ffffff] - Background of the box.
 * @cssproperty [--velvet-container-border=#adbcc5] - Border of the box.
 * @cssproperty [--velvet-primary=#19303d] - Primary colour: buttons, links, focus rings.
 * @cssproperty [--velvet-secondary=#5c727d] - Secondary text.
 * @cssproperty [--velvet-success=#0c5a56] - Success colour.
 * @cssproperty [--velvet-error=#8b1214] - Error colour.
 * @cssproperty [--velvet-text=#19303d] - Text colour.
 * @cssproperty [--velvet-title=#19303d] - Heading colour; follows --velvet-text.
 * @cssproperty [--velvet-border=#adbcc5] - Lines: the divider, the tabs' rule, the toasts.
 * @cssproperty [--velvet-background=#ffffff] - Background of toasts (and of inputs, below
 *   --velvet-input-background).
 * @cssproperty [--velvet-font-family=Arial, Helvetica, sans-serif] - Font.
 * @cssproperty [--velvet-font-size=1rem] - Body text size (16px by default).
 * @cssproperty [--velvet-button-height=2.8125rem] - Button height (45px by default; a
 *   label that wraps makes the button taller).
 * @cssproperty [--velvet-button-radius=4px] - Corner radius of every button, unless its kind
 *   has its own.
 * @cssproperty [--velvet-button-primary-background=#19303d] - Main button background; follows
 *   --velvet-primary.
 * @cssproperty [--velvet-button-primary-text=#ffffff] - Main button text.
 * @cssproperty [--velvet-button-primary-border=#19303d] - Main button border; follows its
 *   background.
 * @cssproperty [--velvet-button-primary-radius=4px] - Main button corner radius; follows
 *   --velvet-button-radius.
 * @cssproperty [--velvet-button-secondary-background=#ffffff] - Other buttons' background.
 * @cssproperty [--velvet-button-secondary-text=#19303d] - Other buttons' text; follows
 *   --velvet-primary.
 * @cssproperty [--velvet-button-secondary-border=#19303d] - Other buttons' border; follows
 *   --velvet-primary.
 * @cssproperty [--velvet-button-secondary-radius=4px] - Other buttons' corner radius; follows
 *   --velvet-button-radius.
 * @cssproperty [--velvet-button-disabled-background=#f3f5f6] - Disabled buttons' background.
 * @cssproperty [--velvet-button-disabled-text=#5c727d] - Disabled buttons' text; follows
 *   --velvet-secondary.
 * @cssproperty [--velvet-button-disabled-border=#f3f5f6] - Disabled buttons' border.
 * @cssproperty [--velvet-button-disabled-radius=4px] - Disabled buttons' corner radius;
 *   follows their kind's radius.
 * @cssproperty [--velvet-input-height=2.9375rem] - Input height (47px by default).
 * @cssproperty [--velvet-input-radius=4px] - Input corner radius.
 * @cssproperty [--velvet-input-background=#ffffff] - Input background; follows
 *   --velvet-background.
 * @cssproperty [--velvet-input-border=#5c727d] - Input border.
 * @cssproperty [--velvet-input-text=#19303d] - Input text; follows --velvet-text.
 * @cssproperty [--velvet-input-placeholder=#5c727d] - Placeholder text; follows
 *   --velvet-secondary.
 */
export class VelvetLogin extends ReactiveElement {
  /** The project's public token (`public-token-…`). */
  @property({ attribute: 'public-token' }) publicToken = '';

  /** The widget configuration (spec section 3); as an attribute, JSON. */
  @property({ converter: configConverter }) config: Partial<VelvetConfig> | undefined;

  /** `{onEvent, onError}`: called next to the `velvet-event` and `velvet-error` events. */
  @property({ attribute: false }) callbacks: VelvetCallbacks = {};

  /** Where the Velvet API is (scheme and host); the page's origin by default. */
  @property({ attribute: 'api-base' }) apiBase: string | undefined;

  /** Texts to use instead of the English catalogues' (the core's and the products'), by key. */
  @property({ attribute: false }) strings: Partial<PageStrings> = {};

  /** The page's own client library instance, to share one session; made on demand otherwise. */
  @property({ attribute: false }) client: VelvetClient | undefined;

  /** Time and timers; tests pass a fake clock. */
  @property({ attribute: false }) clock: Clock = realClock;

  @state() private widgetState: WidgetState = initialState();
  @state() private plugins: ReadonlyMap<Product, ProductPlugin> = new Map();
  @state() private loading = 0;
  @state() private selectedMethod = '';

  private checked: ConfigCheck = checkConfig(undefined);
  private texts: Strings = withOverrides(undefined);
  private readonly instance = nextInstance++;
  private renderedInto: HTMLElement | ShadowRoot | undefined;
  private flowCompleted = false;
  private loggedMainScreen = false;
  /** The project's public configuration, once fetched (asked for before the first render). */
  private bootstrap: WidgetBootstrap | undefined;
  private bootstrapAsked = false;
  /** Lazy chunks loading or loaded, by loader: each loads once, unless it failed. */
  private readonly chunks = new Map<ChunkLoader, Promise<unknown>>();
  /** The loaders whose chunk did not load, twice: an error with "Try again" replaces the screen. */
  private readonly failedChunks = new Set<ChunkLoader>();
  /** The configured locale, and its catalogue once loaded (none for English). */
  private locale = 'en';
  private catalogue: LocaleCatalogue | undefined;
  /** CSS that lazy chunks brought, in arrival order. */
  private readonly lateStyles = new Set<string>();

  constructor() {
    super();
    // A lazily loaded part (the alert, the tabs) asks for its CSS as it connects.
    this.addEventListener(STYLES_EVENT, (event) => {
      event.stopPropagation();
      this.addLateStyles((event as CustomEvent<string>).detail);
    });
  }

  /** Adopts `css` from the next update on (at once: before the part that asked paints). */
  private addLateStyles(css: string): void {
    if (this.lateStyles.has(css)) return;
    this.lateStyles.add(css);
    this.requestUpdate();
  }

  /** The current screen. */
  get screen(): Screen {
    return this.widgetState.screen;
  }

  /** Renders into the element itself; a shadow root is made when `enableShadowDOM` asks. */
  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('config') || !this.hasUpdated) this.applyConfig();
    if (!this.bootstrapAsked) this.readBootstrap();
    if (changed.has('strings')) this.texts = withOverrides(this.strings, this.catalogue?.core);
  }

  private applyConfig(): void {
    const given: unknown = this.config;
    const unparsable = given instanceof UnparsableConfig;
    const checked = checkConfig(unparsable ? undefined : given);
    const problems = [...checked.problems];
    if (unparsable) {
      // Not the defaults in silence: the form gives way to the error, and the page hears of it.
      const message = unparsableConfigMessage(VELVET_LOGIN_TAG, given);
      checked.configError = message;
      problems.push(message);
      this.reportError({ error_type: INVALID_CONFIG_ERROR, error_message: message });
    }
    // Another locale's texts are a lazy chunk: English pages download none of it.
    const locale = checked.config.locale ?? 'en';
    if (locale !== this.locale) {
      this.locale = locale;
      this.catalogue = undefined;
      import('../strings/load-catalogue.js')
        .then((loader) => loader.loadCatalogue(locale, this))
        .then((catalogue) => {
          if (this.locale !== locale) return;
          this.catalogue = catalogue;
          this.requestUpdate('strings');
        })
        .catch(loadFailed);
    }
    const products = checked.config.products.filter((product) => {
      if (PRODUCT_LOADERS[product]) return true;
      problems.push(
        `The product "${product}" is not available in this version of <velvet-login>; it is left out.`,
      );
      return false;
    });
    for (const problem of problems) console.error(`<velvet-login>: ${problem}`);
    this.checked = { ...checked, config: { ...checked.config, products } };
    this.loadProducts(products);
  }

  private loadProducts(products: readonly Product[]): void {
    for (const product of products) {
      const load = PRODUCT_LOADERS[product];
      if (!load || this.plugins.has(product)) continue;
      this.loading += 1;
      this.load(load)
        .then(
          (plugin) => {
            this.plugins = new Map(this.plugins).set(product, plugin);
            plugin.onLoad?.(this.context());
          },
          () => {},
        )
        .finally(() => {
          this.loading -= 1;
        });
    }
  }

  /**
   * A lazy chunk (a product, a screen, a form), loaded once per loader, and once more at once if
   * that fails: Chromium asks the server again for a module that failed. If it fails again, the
   * page hears of it (`velvet-error` and `onError`, type `chunk_load_failed`) and the screen gives
   * way to an error with "Try again" (`tryAgain`).
   */
  private load<T>(loader: () => Promise<T>): Promise<T> {
    let chunk = this.chunks.get(loader) as Promise<T> | undefined;
    if (!chunk) {
      chunk = loader().catch(loader);
      chunk.catch((error: unknown) => {
        loadFailed(error);
        if (!this.failedChunks.size) {
          this.reportError({
            error_type: 'chunk_load_failed',
            error_message: this.texts.loadFailed,
          });
        }
        this.failedChunks.add(loader);
        this.requestUpdate();
      });
      this.chunks.set(loader, chunk);
    }
    return chunk;
  }

  /** "Try again": loads the failed chunks again, showing the progress bar meanwhile. */
  private readonly tryAgain = (): void => {
    for (const loader of this.failedChunks) {
      this.chunks.delete(loader);
      this.loading += 1;
      const done = () => {
        this.loading -= 1;
      };
      this.load(loader).then(done, done);
    }
    this.failedChunks.clear();
    this.loadProducts(this.checked.config.products);
    this.requestUpdate();
  };

  /**
   * The loaded plugins of the products configured now, in their order. A product dropped from
   * the config stays loaded (its chunk and styles) but shows nothing.
   */
  private activePlugins(): ProductPlugin[] {
    return this.checked.config.products.flatMap((product) => {
      const plugin = this.plugins.get(product);
      return plugin ? [plugin] : [];
    });
  }

  private get shadowMode(): boolean {
    return this.checked.config.enableShadowDOM === true;
  }

  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    const mode: StyleMode = this.shadowMode ? 'shadow' : 'light';
    const target =
      mode === 'shadow' ? (this.shadowRoot ?? this.attachShadow({ mode: 'open' })) : this;
    if (this.renderedInto && this.renderedInto !== target) render(nothing, this.renderedInto);
    if (mode === 'light' && this.shadowRoot) render(html`<slot></slot>`, this.shadowRoot);
    this.adoptStyles(mode);
    render(this.renderWidget(), target, { host: this });
    this.renderedInto = target;
  }

  private adoptStyles(mode: StyleMode): void {
    const css = [
      velvetLoginStyles,
      ...[...this.plugins.values()].map((plugin) => plugin.styles),
      ...this.lateStyles,
    ];
    const sheets = css.map((text) => styleSheet(text, mode, VELVET_LOGIN_TAG));
    if (mode === 'shadow' && this.shadowRoot) {
      this.shadowRoot.adoptedStyleSheets = sheets;
      return;
    }
    const root = this.getRootNode();
    const host = root instanceof ShadowRoot || root instanceof Document ? root : document;
    for (const sheet of sheets) adoptOnce(host, sheet);
  }

  protected override updated(): void {
    const onMain = this.widgetState.screen === Screen.Main;
    const ready = this.loading === 0 && this.activePlugins().length > 0;
    if (!onMain) {
      this.loggedMainScreen = false;
    } else if (ready && !this.loggedMainScreen && !this.checked.configError) {
      this.loggedMainScreen = true;
      // After the form is on screen, and without the client library: it loads when needed.
      whenIdle(() => void this.logMainScreen());
    }
    if (onMain) this.flowCompleted = false;
  }

  /**
   * Reads the project's bootstrap (the countries it texts, whether the page's origin may use it)
   * once, before the first render, beside the products' chunks: the phone form waits for its
   * countries, with the progress bar showing. Through the page's client when it gave one;
   * otherwise with a plain request (`read-bootstrap.ts`), as the widget's own client library
   * loads only when a product needs it.
   */
  private readBootstrap(): void {
    this.bootstrapAsked = true;
    this.loading += 1;
    void (this.client?.bootstrap.getAsync() ?? readBootstrap(this.publicToken, this.apiBase))
      .then((bootstrap) => {
        this.bootstrap = bootstrap;
        // A page the project does not list sees its calls fail as unreachable (the browser hides
        // the refusal); bootstrap answers every origin and says why, for the developer.
        const problem = bootstrap.originNotAllowed;
        if (problem) {
          console.error(`<velvet-login>: ${problem}`);
          this.reportError({ error_type: 'origin_not_allowed', error_message: problem });
        }
      })
      .finally(() => {
        this.loading -= 1;
      });
  }

  /**
   * Once the main screen shows: logs its render (`render_login_screen`), through the page's
   * client when it gave one, otherwise with a plain request (`main-screen-calls.ts`, in the entry: a
   * chunk of its own was one more request right after the first render).
   */
  private async logMainScreen(): Promise<void> {
    const details = {
      products: this.checked.config.products,
      otp_methods: this.checked.config.otpOptions?.methods ?? [],
    };
    try {
      const client = this.client;
      if (client) client.telemetry.logEvent('render_login_screen', details);
      else sendEvent(this.publicToken, this.apiBase, 'render_login_screen', details);
    } catch (error) {
      loadFailed(error);
    }
  }

  /**
   * The page's client, or the widget's own (a lazy chunk, tried twice): when that does not load,
   * the caller's error says so (`chunk_load_failed`), and the form's button tries again.
   */
  private getClient(): Promise<VelvetClient> {
    if (this.client) return Promise.resolve(this.client);
    return loadClient(this.publicToken, this.apiBase).catch((error: unknown) => {
      loadFailed(error);
      throw { error_type: 'chunk_load_failed', error_message: this.texts.loadFailed };
    });
  }

  private dispatch(action: WidgetAction): void {
    this.widgetState = reduce(this.widgetState, action);
  }

  private emit(type: VelvetEventType, data: Record<string, unknown>): void {
    const detail: VelvetEventDetail = { type, data };
    this.dispatchEvent(new CustomEvent('velvet-event', { detail, bubbles: true, composed: true }));
    this.callbacks?.onEvent?.(detail);
  }

  private reportError(failure: unknown): string {
    // A call refused for the page's origin reaches us as unreachable: say what is wrong instead.
    const problem = this.bootstrap?.originNotAllowed;
    const error =
      problem && (failure as { error_type?: unknown })?.error_type === 'api_unreachable'
        ? { error_type: 'origin_not_allowed', error_message: problem }
        : failure;
    const body = (typeof error === 'object' && error !== null ? error : {}) as {
      error_message?: unknown;
      error_type?: unknown;
      message?: unknown;
    };
    // A translated locale shows its own text for the error types it knows.
    const translated = (this.catalogue?.errors as Record<string, unknown> | undefined)?.[
      String(body.error_type)
    ];
    const message =
      typeof translated === 'string'
        ? translated
        : typeof body.error_message === 'string'
          ? body.error_message
          : typeof body.message === 'string' && body.message
            ? body.message
            : this.texts.genericError;
    const detail: VelvetErrorDetail =
      typeof body.error_type === 'string' ? { message, errorType: body.error_type } : { message };
    this.dispatchEvent(new CustomEvent('velvet-error', { detail, bubbles: true, composed: true }));
    this.callbacks?.onError?.(detail);
    return message;
  }

  private context(): ProductContext {
    return {
      config: this.checked.config,
      strings: this.texts,
      locale: this.locale,
      catalogue: this.catalogue,
      state: this.widgetState,
      bootstrap: this.bootstrap,
      clock: this.clock,
      dispatch: (action) => this.dispatch(action),
      client: () => this.getClient(),
      // The element itself: its `publicToken` and `apiBase`.
      api: this.client ? undefined : this,
      load: (loader) => this.load(loader),
      busy: async (work) => {
        this.loading += 1;
        try {
          return await work;
        } finally {
          this.loading -= 1;
        }
      },
      emitEvent: (type, data) => this.emit(type, data),
      pageStrings: this.strings ?? {},
      reportError: (error) => this.reportError(error),
      adoptStyles: (css) => this.addLateStyles(css),
      completeFlow: () => {
        if (this.flowCompleted) return;
        this.flowCompleted = true;
        this.emit(VelvetEventType.AuthenticateFlowComplete, {});
      },
    };
  }

  private renderWidget(): TemplateResult {
    const config = this.checked.config;
    const theme = { ...config, ...config.theme };
    if (this.checked.configError || this.widgetState.error) {
      loadLazily(() => import('../components/alert.js'));
    }
    return html`<div
      class="velvet-container"
      part="container"
      style=${styleAttribute(themeProperties(theme))}
    >
      <velvet-progress-bar
        ?active=${this.loading > 0}
        label=${this.texts.loading}
      ></velvet-progress-bar>
      ${
        this.checked.configError
          ? html`<div class="velvet-screen">
            <velvet-alert variant="error" text=${this.checked.configError}></velvet-alert>
          </div>`
          : this.failedChunks.size
            ? html`<div class="velvet-screen">
                <h2 class="velvet-title" part="title">${this.texts.genericError}</h2>
                <p class="velvet-text" part="text" role="alert">${this.texts.loadFailed}</p>
                <button
                  class="velvet-button velvet-button--primary"
                  part="button button-primary"
                  @click=${this.tryAgain}
                >
                  ${this.texts.tryAgain}
                </button>
              </div>`
            : this.renderScreen()
      }
    </div>`;
  }

  private renderScreen(): TemplateResult {
    const screen = this.widgetState.screen;
    if (screen === Screen.Main) return this.renderMain();
    const context = this.context();
    for (const plugin of this.activePlugins()) {
      const view = plugin.screens[screen];
      if (view) return view(context);
    }
    loadLazily(() => import('../components/back-button-element.js'));
    return html`<div class="velvet-screen">
      <velvet-back-button
        label=${this.texts.back}
        @velvet-back=${() => this.dispatch({ type: 'transition', screen: Screen.Main })}
      ></velvet-back-button>
      <h2 class="velvet-title" part="title">${this.texts.genericError}</h2>
      <p class="velvet-text" part="text">${this.texts.genericErrorAdvice}</p>
    </div>`;
  }

  private renderMain(): TemplateResult {
    const config = this.checked.config;
    const theme = { ...config, ...config.theme };
    const context = this.context();
    const methods: FormMethod[] = [];
    for (const method of this.activePlugins().flatMap((p) => p.formMethods?.(context) ?? [])) {
      const at = methods.findIndex(({ id }) => id === method.id);
      if (at < 0) methods.push(method);
      else if (method.overrides) methods[at] = method;
    }
    const { sections, dividerBeforeLast } = mainLayout(config.products);
    const logo = theme.logo?.logoImageUrl;
    const nothingToShow =
      this.loading === 0 &&
      methods.length === 0 &&
      !this.activePlugins().some((plugin) => plugin.mainSection);
    if (nothingToShow) loadLazily(() => import('../components/alert.js'));
    return html`<div class="velvet-screen velvet-main">
      ${logo ? html`<img class="velvet-logo" part="logo" src=${logo} alt="" />` : nothing}
      ${
        theme.hideHeaderText
          ? nothing
          : html`<h2 class="velvet-title" part="title">${this.texts.mainTitle}</h2>`
      }
      ${
        this.widgetState.error
          ? html`<velvet-alert variant="error" text=${this.widgetState.error.message}></velvet-alert>`
          : nothing
      }
      ${this.activePlugins().map((plugin) => plugin.mainFirst?.(context) ?? nothing)}
      ${sections.map((section, index) => [
        dividerBeforeLast && index === sections.length - 1
          ? html`<div class="velvet-divider" part="divider">${this.texts.divider}</div>`
          : nothing,
        section === 'form'
          ? methods.length > 0
            ? this.renderForm(methods, context)
            : nothing
          : (this.plugins.get(section)?.mainSection?.(context) ?? nothing),
      ])}
      ${
        nothingToShow
          ? html`<velvet-alert variant="warning" text=${this.texts.noProducts}></velvet-alert>`
          : nothing
      }
    </div>`;
  }

  private renderForm(methods: readonly FormMethod[], context: ProductContext): TemplateResult {
    const selected = methods.find((method) => method.id === this.selectedMethod) ?? methods[0];
    const tabbed = methods.length > 1;
    const tabPrefix = `velvet-login-${this.instance}-tab-`;
    const panelPrefix = `velvet-login-${this.instance}-panel-`;
    if (tabbed) void import('../components/tabs.js');
    return html`<div class="velvet-section velvet-section--form">
      ${
        tabbed
          ? html`<velvet-tabs
            .tabs=${methods.map(({ id, label }) => ({ id, label }))}
            selected=${selected?.id ?? ''}
            tab-id-prefix=${tabPrefix}
            panel-id-prefix=${panelPrefix}
            label=${this.texts.methodTabsLabel}
            @velvet-tab-change=${this.onTabChange}
          ></velvet-tabs>`
          : nothing
      }
      ${methods.map(
        (method) =>
          html`<div
            id=${tabbed ? `${panelPrefix}${method.id}` : nothing}
            role=${tabbed ? 'tabpanel' : nothing}
            ?hidden=${method !== selected}
          >
            ${method.render(context)}
          </div>`,
      )}
    </div>`;
  }

  private readonly onTabChange = (event: CustomEvent<TabChangeEventDetail>): void => {
    this.selectedMethod = event.detail.id;
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-login': VelvetLogin;
  }
}
