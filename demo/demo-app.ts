/**
 * The demo page: the settings form beside a live `<velvet-login>` that re-renders as they
 * change, the log of its callbacks, the development outbox, the session the page's client
 * library holds, and the code to embed it. The page and the widget share one `VelvetClient`
 * (the element's `client` property), so the session panel shows the widget's sign-in.
 */
import { html, nothing, render, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { SessionInfo } from '../widget/client/session-client.js';
import { VelvetClient } from '../widget/client/velvet-client.js';
import { checkConfig } from '../widget/config/validate-config.js';
import type { Product, VelvetConfig } from '../widget/config/widget-config.js';
import {
  type VelvetCallbacks,
  type VelvetErrorDetail,
  type VelvetEventDetail,
  VelvetEventType,
} from '../widget/events.js';
import { PRODUCT_LOADERS } from '../widget/products/registry.js';
import { localeNotice } from '../widget/strings/locales.js';
import { SampleApp } from './oidc-panel.js';
import { passkeysPanel } from './passkeys-panel.js';
import '../widget/velvet.js';
import { type Announcement, configForm, PRODUCT_LABELS } from './config-form.js';
import { type Copyable, copyText, embedPanel } from './embed-panel.js';
import { htmlSnippet, reactSnippet, type SnippetInput } from './embed-snippet.js';
import { EventLog, eventLogPanel } from './event-log.js';
import { DevOutbox, outboxPanel } from './outbox-panel.js';
import { sessionPanel } from './session-panel.js';
import {
  type DemoSettings,
  defaultSettings,
  MAGIC_LINK_PARAM,
  settingsFromUrl,
  settingsUrl,
  widgetConfig,
} from './settings.js';
import { fetchWidgetRelease, type WidgetRelease } from './widget-release.js';

/** The events after which a passcode is in the outbox. */
const PASSCODE_SENT: ReadonlySet<string> = new Set([
  VelvetEventType.OtpSmsLoginOrCreate,
  VelvetEventType.OtpWhatsAppLoginOrCreate,
  VelvetEventType.OtpEmailLoginOrCreate,
  VelvetEventType.OtpResend,
  'MAGIC_LINK_LOGIN_OR_CREATE',
  'PASSWORD_RESET_BY_EMAIL_START',
]);

/** The events after which a link is out by email (a sign-in link, or a password reset link). */
const LINK_SENT: ReadonlySet<string> = new Set([
  'MAGIC_LINK_LOGIN_OR_CREATE',
  'PASSWORD_RESET_BY_EMAIL_START',
]);

/**
 * Where the demo keeps its settings while a sign-in link is out: the link opens `/demo/` (the
 * development project's listed URL) without them, and the page it opens uses them again.
 */
const SETTINGS_BEFORE_LINK = 'velvet-demo:settings-before-link';

/**
 * Where the demo keeps its settings when the page is left (an OAuth button sends it to the
 * provider): the provider's answer opens `/demo/` without them, and that page uses them again.
 */
const SETTINGS_BEFORE_REDIRECT = 'velvet-demo:settings-before-redirect';

/** The products this build of the widget has. */
const BUILT_PRODUCTS = Object.keys(PRODUCT_LOADERS) as Product[];

/**
 * On a page a sign-in link opened: the settings the link was sent with (or magic links alone),
 * as a settings URL; otherwise `undefined`.
 */
function openedFromLink(): string | undefined {
  const type = new URL(location.href).searchParams.get(MAGIC_LINK_PARAM);
  if (type === 'oauth') return openedFromProvider();
  // A password reset link (`reset_password`, or `login`) opens the passwords product.
  const product = type === 'magic_links' ? 'emailMagicLinks' : 'passwords';
  if (type !== 'magic_links' && type !== 'reset_password' && type !== 'login') return undefined;
  const saved = localStorage.getItem(SETTINGS_BEFORE_LINK);
  if (saved) return saved;
  const url = new URL(location.pathname, location.origin);
  url.searchParams.set('config', JSON.stringify({ products: [product] }));
  return url.href;
}

/** On a page an OAuth provider's answer opened: the settings it was left with (OAuth on). */
function openedFromProvider(): string {
  const saved = localStorage.getItem(SETTINGS_BEFORE_REDIRECT);
  if (saved && new URL(saved).searchParams.get('config')?.includes('"oauth"')) return saved;
  const url = new URL(location.pathname, location.origin);
  const config = { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } };
  url.searchParams.set('config', JSON.stringify(config));
  return url.href;
}

/** Where the demo runs. */
export interface DemoAppOptions {
  /** The element the page renders into. */
  readonly root: HTMLElement;
  /** The Velvet server's origin: the API, the outbox and the widget script are there. */
  readonly origin: string;
  /** The token used when the URL names none. */
  readonly defaultToken: string;
}

/** The demo page's state and its one render function. */
export class DemoApp {
  private settings: DemoSettings;
  private config: Partial<VelvetConfig>;
  private loadProblem: string | undefined;
  private client: VelvetClient;
  private unsubscribe: () => void = () => {};
  private sessionInfo: SessionInfo = { session: null, user: null };
  private revoking = false;
  private revokeMessage: string | undefined;
  /** The settings groups closed at first that the developer has opened (see `configForm`). */
  private readonly openedGroups = new Set<string>();
  private readonly log = new EventLog();
  private readonly outbox: DevOutbox;
  private copied: Partial<Record<Copyable, string>> = {};
  private announcement: Announcement | undefined;
  /** Changes to mount a fresh widget (after a revoke or a new token). */
  private widgetGeneration = 0;
  private renderQueued = false;
  /** The registered sample application that signs in with Velvet (OpenID Connect). */
  private readonly sampleApp: SampleApp;
  /** The widget release the server serves, which the embed code pins once it is known. */
  private release: WidgetRelease | undefined;

  /** The callbacks the widget calls: the same object every render. */
  private readonly callbacks: VelvetCallbacks = {
    onEvent: (detail: VelvetEventDetail) => {
      this.log.event(detail);
      if (PASSCODE_SENT.has(detail.type)) this.refreshOutbox();
      if (LINK_SENT.has(detail.type)) {
        localStorage.setItem(SETTINGS_BEFORE_LINK, this.link());
      }
      this.requestRender();
    },
    onError: (detail: VelvetErrorDetail) => {
      this.log.error(detail);
      this.requestRender();
    },
  };

  constructor(private readonly options: DemoAppOptions) {
    // First: a return from the sample app's flow leaves the address bar before settings read it.
    this.sampleApp = new SampleApp(options.origin, () => this.requestRender());
    const loaded = settingsFromUrl(openedFromLink() ?? location.href, options.defaultToken);
    this.settings = loaded.settings;
    this.loadProblem = loaded.problem;
    this.config = widgetConfig(this.settings);
    this.outbox = new DevOutbox(options.origin);
    this.client = this.connect(this.settings.publicToken);
    addEventListener('pagehide', () => localStorage.setItem(SETTINGS_BEFORE_REDIRECT, this.link()));
  }

  /**
   * Renders the page, then reads the outbox and the widget's release and renders once more
   * with both: the whole page renders each time, one of the longer tasks of its load.
   */
  start(): void {
    this.renderNow();
    const release = fetchWidgetRelease(this.options.origin).then((release) => {
      this.release = release;
    });
    void Promise.allSettled([this.outbox.refresh(), release]).then(() => this.requestRender());
    void this.sampleApp.finish();
  }

  private connect(publicToken: string): VelvetClient {
    const client = new VelvetClient(publicToken, { apiBase: this.options.origin });
    this.unsubscribe();
    this.unsubscribe = client.session.onChange(() => {
      this.sessionInfo = client.session.getInfo();
      this.requestRender();
    });
    this.sessionInfo = client.session.getInfo();
    return client;
  }

  private refreshOutbox(): void {
    void this.outbox.refresh().then(() => this.requestRender());
  }

  private requestRender(): void {
    if (this.renderQueued) return;
    this.renderQueued = true;
    queueMicrotask(() => {
      this.renderQueued = false;
      this.renderNow();
    });
  }

  private renderNow(): void {
    render(this.view(), this.options.root);
  }

  private edit(change: (settings: DemoSettings) => DemoSettings, announcement?: Announcement) {
    this.settings = change(this.settings);
    this.config = widgetConfig(this.settings);
    this.announcement = announcement;
    this.copied = {};
    this.loadProblem = undefined;
    history.replaceState(history.state, '', this.link());
    this.requestRender();
  }

  private link(): string {
    return settingsUrl(this.settings, location.href, this.options.defaultToken);
  }

  private setToken(token: string): void {
    const publicToken = token || this.options.defaultToken;
    if (publicToken === this.settings.publicToken) return;
    const old = this.client;
    this.client = this.connect(publicToken);
    void old.dispose();
    this.widgetGeneration += 1;
    this.edit((settings) => ({ ...settings, publicToken }));
  }

  private async revoke(): Promise<void> {
    this.revoking = true;
    this.revokeMessage = undefined;
    this.requestRender();
    try {
      await this.client.session.revoke();
      this.revokeMessage = 'The session was revoked.';
      this.widgetGeneration += 1;
    } catch (error) {
      this.revokeMessage = `Revoking failed: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      this.revoking = false;
      this.requestRender();
    }
  }

  private async copy(which: Copyable): Promise<void> {
    const input = this.snippetInput();
    const text =
      which === 'html' ? htmlSnippet(input) : which === 'react' ? reactSnippet(input) : this.link();
    this.copied = { [which]: await copyText(text) };
    this.requestRender();
  }

  /**
   * What the widget will say of this configuration (it logs the same to the console), and why
   * its card is empty when it has no sign-in method to show.
   */
  private widgetNotes(): string[] {
    const checked = checkConfig(this.config);
    const products = this.config.products ?? [];
    const leftOut = products.filter((product) => !BUILT_PRODUCTS.includes(product));
    const notes = [...checked.problems];
    if (leftOut.length > 0) {
      notes.push(
        `Coming, left out by this version of the widget: ${leftOut.map((product) => PRODUCT_LABELS[product]).join(', ')}.`,
      );
    }
    const otp = PRODUCT_LABELS.otp;
    if (products.length === 0) {
      notes.push(
        `No product is on, so the widget shows its default product, ${PRODUCT_LABELS.emailMagicLinks.toLowerCase()}.`,
      );
    } else if (leftOut.length === products.length && !checked.configError) {
      notes.push(
        `None of the products that are on is in this version of the widget, so it has no sign-in method to show. Tick ${otp} to bring the form back.`,
      );
    }
    const notice = localeNotice(checked.config.locale ?? 'en');
    if (notice) notes.push(`${notice.charAt(0).toUpperCase()}${notice.slice(1)}`);
    return notes;
  }

  private preview(): TemplateResult {
    const notes = this.widgetNotes();
    return html`<section class="panel preview" aria-labelledby="preview-title">
      <h2 id="preview-title">Live widget</h2>
      ${this.loadProblem ? html`<p class="note" role="alert">${this.loadProblem}</p>` : nothing}
      ${
        notes.length > 0
          ? html`<ul class="notes" aria-label="What the widget says of this configuration">
            ${notes.map((note) => html`<li>${note}</li>`)}
          </ul>`
          : nothing
      }
      <div class="stage">
        ${keyed(
          `${this.settings.publicToken}#${this.widgetGeneration}`,
          html`<velvet-login
            public-token=${this.settings.publicToken}
            api-base=${this.options.origin}
            .client=${this.client}
            .config=${this.config}
            .callbacks=${this.callbacks}
          ></velvet-login>`,
        )}
      </div>
    </section>`;
  }

  /** What the embed code is made of: the server, the settings and the widget's release. */
  private snippetInput(): SnippetInput {
    return {
      origin: this.options.origin,
      publicToken: this.settings.publicToken,
      config: this.config,
      release: this.release,
    };
  }

  private view(): TemplateResult {
    const input = this.snippetInput();
    return html`<div class="layout">
      ${this.preview()}
      <section class="settings" aria-labelledby="settings-title">
        <h2 id="settings-title">Settings</h2>
        ${configForm(
          {
            settings: this.settings,
            builtProducts: BUILT_PRODUCTS,
            openedGroups: this.openedGroups,
            ...(this.announcement ? { announcement: this.announcement } : {}),
          },
          {
            edit: (change, announcement) => this.edit(change, announcement),
            setToken: (token) => this.setToken(token),
            reset: () => this.edit(() => defaultSettings(this.settings.publicToken)),
            opened: (name) => {
              if (this.openedGroups.has(name)) return;
              this.openedGroups.add(name);
              this.requestRender();
            },
          },
        )}
      </section>
      <div class="side">
        ${eventLogPanel(this.log, () => {
          this.log.clear();
          this.requestRender();
        })}
        ${outboxPanel(this.outbox, () => this.refreshOutbox())}
        ${sessionPanel(
          {
            info: this.sessionInfo,
            revoking: this.revoking,
            ...(this.revokeMessage ? { message: this.revokeMessage } : {}),
          },
          () => void this.revoke(),
        )}
        ${
          this.config.products?.includes('passkeys')
            ? passkeysPanel({
                client: this.client,
                publicToken: this.settings.publicToken,
                origin: this.options.origin,
                config: this.config,
                callbacks: this.callbacks,
                signedIn: this.sessionInfo.session !== null,
              })
            : nothing
        }
        ${this.sampleApp.render(this.settings.publicToken)}
        ${embedPanel(
          {
            html: htmlSnippet(input),
            react: reactSnippet(input),
            link: this.link(),
            copied: this.copied,
          },
          (which) => void this.copy(which),
        )}
      </div>
    </div>`;
  }
}
