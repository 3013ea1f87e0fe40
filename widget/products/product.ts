/**
 * The product plugin contract. Each product of the spec (passcodes, magic links, passwords…) is
 * a module loaded with `import()` only when the page configures it; it contributes its sign-in
 * methods to the main screen's form and the screens of its flow. The element owns the state,
 * the client, the events and the layout; a product only reads the context and dispatches.
 */
import type { TemplateResult } from 'lit';
import type { BootstrapData } from '../client/bootstrap.js';
import type { Clock } from '../client/clock.js';
import type { VelvetClient } from '../client/velvet-client.js';
import type { VelvetConfig } from '../config/widget-config.js';
import type { VelvetEventType } from '../events.js';
import type { Screen } from '../state/screen.js';
import type { WidgetAction, WidgetState } from '../state/widget-state.js';
import type { LocaleCatalogue } from '../strings/catalogue.js';
import type { Strings } from '../strings/en.js';

/**
 * What the widget reads of the project's bootstrap: the fields of the client library's
 * {@link BootstrapData} its screens use. From the page's client when it gave one, else read
 * without the client library (`widget/element/main-screen-calls.ts`).
 */
export type WidgetBootstrap = Pick<
  BootstrapData,
  'smsAllowedCountries' | 'emailDomains' | 'passwordConfig' | 'originNotAllowed'
>;

/** What a product sees of the element and may ask of it. */
export interface ProductContext {
  /** The checked configuration. */
  readonly config: VelvetConfig;
  /** The texts, with the page's overrides. */
  readonly strings: Strings;
  /** The language of the widget (a BCP 47 tag). */
  readonly locale: string;
  /**
   * The locale's catalogue once loaded (`undefined` for English): products take their texts
   * from it, with the page's `strings` on top.
   */
  readonly catalogue: LocaleCatalogue | undefined;
  /** The widget state (read only: change it with `dispatch`). */
  readonly state: WidgetState;
  /**
   * The project's public configuration, once fetched (asked for before the first render; the
   * phone form waits for it).
   */
  readonly bootstrap: WidgetBootstrap | undefined;
  /** Time and timers (a fake clock in tests). */
  readonly clock: Clock;
  /** Applies one of the spec's widget actions. */
  dispatch(action: WidgetAction): void;
  /** The client library, loaded on first use and shared with the page's client if it gave one. */
  client(): Promise<VelvetClient>;
  /**
   * The project's public token and API base, for a call a product makes before it needs the
   * client library (the passkey autofill's options); `undefined` when the page gave its own
   * client, which then makes every call.
   */
  readonly api: { readonly publicToken: string; readonly apiBase: string | undefined } | undefined;
  /**
   * Loads a lazy chunk (`loader` runs its `import()`): once per loader, tried twice; when it does
   * not load, the page hears of it and the screen shows an error with "Try again".
   */
  load<T>(loader: () => Promise<T>): Promise<T>;
  /** Shows the progress bar while `work` runs; resolves what `work` resolves. */
  busy<T>(work: Promise<T>): Promise<T>;
  /** Fires `velvet-event` and the page's `onEvent`. */
  emitEvent(type: VelvetEventType, data: Record<string, unknown>): void;
  /**
   * Fires `velvet-error` and the page's `onError` for a failed call, and returns the message to
   * show: the server's `error_message` for API errors, the error's own message otherwise.
   */
  reportError(error: unknown): string;
  /** Fires the authenticate-flow-complete event, once per sign-in. */
  completeFlow(): void;
  /** Adds CSS that arrived with a lazy chunk (a product's later screens) to the widget's sheets. */
  adoptStyles(css: string): void;
  /** The page's own texts as given (`strings`), for products whose texts live in their chunk. */
  readonly pageStrings: Readonly<Record<string, unknown>>;
}

/** A sign-in method of the main screen's form: one tab when there are several. */
export interface FormMethod {
  /** `sms`, `whatsapp` or `email`: the tab's identity and its order. */
  readonly id: 'sms' | 'whatsapp' | 'email';
  /** The tab's label. */
  readonly label: string;
  /** Takes the place of an earlier product's method of the same id (passwords over magic links). */
  readonly overrides?: boolean;
  /** The method's form. */
  render(context: ProductContext): TemplateResult;
}

/** A product's contribution to the widget. */
export interface ProductPlugin {
  /** The CSS of everything the product renders (a string; the element adopts it once). */
  readonly styles: string;
  /** What it puts first on the main screen, above every section (the passkey button). */
  mainFirst?(context: ProductContext): TemplateResult;
  /** The methods it adds to the main screen's form, in order. */
  formMethods?(context: ProductContext): FormMethod[];
  /** Runs once when the product has loaded (a page opened from a magic link signs in here). */
  onLoad?(context: ProductContext): void;
  /** Its own section of the main screen (the OAuth or wallet buttons), placed by product order. */
  mainSection?(context: ProductContext): TemplateResult;
  /** The screens of its flows. */
  readonly screens: Partial<Record<Screen, (context: ProductContext) => TemplateResult>>;
}
