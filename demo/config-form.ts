/**
 * The settings form: a control for every option of the spec's widget config (section 3), in
 * collapsible groups: the project's token, products and their order, passcodes, email magic
 * links, OAuth, passwords, passkeys, crypto wallets, sessions, the look, and rendering (shadow
 * DOM and locale). The project's group and each product's begin with what the server needs for
 * it in production (`production-notes.ts`). Products this version of the widget does not have
 * are listed and marked "coming"; their options are kept in the configuration for when they
 * arrive.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { OAuthProviderConfig, Product } from '../widget/config/widget-config.js';
import type { OtpMethod } from '../widget/state/widget-state.js';
import { CssValueKind, describeCssValue, isCssValue } from '../widget/theme/css-values.js';
import { THEME_DEFAULTS, type ThemeProperty } from '../widget/theme/theme.js';
import { type ConfigPath, getAt } from './config-path.js';
import {
  checkboxField,
  colorField,
  numberField,
  orderedChecklist,
  selectField,
  textField,
} from './controls.js';
import { LOCALE_HINT, localeChoices } from './locale-choices.js';
import { type NotedPanel, noteParts, PRODUCTION_NOTES } from './production-notes.js';
import { type DemoSettings, enabledProducts, ONE_TAP_POSITIONS } from './settings.js';
import {
  enabledProviders,
  moveMethod,
  moveProduct,
  moveProvider,
  setOption,
  setProviderOption,
  toggleMethod,
  toggleProduct,
  toggleProvider,
} from './settings-edits.js';

/** What the form may ask of the page. */
export interface FormActions {
  /** Applies a change; `announcement` is read out to screen readers (for moves). */
  edit(change: (settings: DemoSettings) => DemoSettings, announcement?: Announcement): void;
  /** Switches to another project's public token. */
  setToken(token: string): void;
  /** Back to the defaults. */
  reset(): void;
  /** The group `name`, closed at first, was opened: its fields render from now on. */
  opened(name: string): void;
}

/** Which list an announcement is about, and what it says. */
export interface Announcement {
  readonly list: 'products' | 'methods' | 'providers';
  readonly text: string;
}

/** What the form shows. */
export interface FormView {
  readonly settings: DemoSettings;
  /** The products this version of the widget has; the others are marked "coming". */
  readonly builtProducts: readonly Product[];
  readonly announcement?: Announcement;
  /** The groups closed at first that the developer has opened (their fields are rendered). */
  readonly openedGroups: ReadonlySet<string>;
}

/** How the products are named on the page. */
export const PRODUCT_LABELS: Record<Product, string> = {
  oauth: 'OAuth (social login)',
  crypto: 'Crypto wallets',
  emailMagicLinks: 'Email magic links',
  otp: 'One-time passcodes',
  passwords: 'Passwords',
  passkeys: 'Passkeys',
};

/** How the passcode methods are named on the page. */
export const METHOD_LABELS: Record<OtpMethod, string> = {
  sms: 'Text message (SMS)',
  whatsapp: 'WhatsApp',
  email: 'Email',
};

const COMING = 'coming';

/** What the template id fields say: the server has no named templates and refuses one. */
const TEMPLATE_HINT =
  'Email passcodes only. Velvet has no named templates: the server refuses a send with a template id.';

/** The id of a panel's production note. */
function productionNoteId(panel: NotedPanel): string {
  return `production-note-${panel}`;
}

function idOf(path: ConfigPath): string {
  return `option-${path.join('-')}`;
}

function stringAt(settings: DemoSettings, path: ConfigPath): string {
  const value = getAt(settings.config, path);
  return typeof value === 'string' ? value : '';
}

/**
 * What is wrong with a theme value, as the field says it: the widget leaves out a value the
 * browser cannot use (and logs it on the console), so the field is flagged as it is typed.
 */
function cssProblem(kind: CssValueKind, value: string): string | undefined {
  if (value === '' || isCssValue(kind, value)) return undefined;
  return `Not ${describeCssValue(kind)}: the widget leaves it out and uses its default.`;
}

function numberAt(settings: DemoSettings, path: ConfigPath): number | undefined {
  const value = getAt(settings.config, path);
  return typeof value === 'number' ? value : undefined;
}

/** Builds the templates of one form render. */
class FormBuilder {
  constructor(
    private readonly view: FormView,
    private readonly actions: FormActions,
  ) {}

  private get settings(): DemoSettings {
    return this.view.settings;
  }

  private set(path: ConfigPath, value: unknown): void {
    this.actions.edit((settings) => setOption(settings, path, value));
  }

  text(
    path: ConfigPath,
    label: string,
    extra: { placeholder?: string; hint?: string; url?: boolean; css?: CssValueKind } = {},
  ) {
    const value = stringAt(this.settings, path);
    const problem = extra.css ? cssProblem(extra.css, value) : undefined;
    return textField({
      id: idOf(path),
      label,
      value,
      ...(problem ? { problem } : {}),
      ...(extra.placeholder ? { placeholder: extra.placeholder } : {}),
      ...(extra.hint ? { hint: extra.hint } : {}),
      ...(extra.url ? { type: 'url' as const, inputMode: 'url' as const } : {}),
      onInput: (value) => this.set(path, value.trim() === '' ? undefined : value),
    });
  }

  number(path: ConfigPath, label: string, extra: { placeholder?: string; hint?: string } = {}) {
    return numberField({
      id: idOf(path),
      label,
      value: numberAt(this.settings, path),
      ...extra,
      onInput: (value) => this.set(path, value),
    });
  }

  check(path: ConfigPath, label: string, hint?: string) {
    return checkboxField({
      id: idOf(path),
      label,
      ...(hint ? { hint } : {}),
      checked: getAt(this.settings.config, path) === true,
      // Off is the widget's default: leave the option out rather than write `false`.
      onChange: (checked) => this.set(path, checked ? true : undefined),
    });
  }

  color(path: ConfigPath, label: string, defaultProperty: ThemeProperty) {
    const value = stringAt(this.settings, path);
    const problem = cssProblem(CssValueKind.COLOR, value);
    return colorField({
      id: idOf(path),
      label,
      value,
      ...(problem ? { problem } : {}),
      defaultColor: THEME_DEFAULTS[defaultProperty],
      onInput: (value) => this.set(path, value.trim() === '' ? undefined : value),
    });
  }

  private coming(product: Product): boolean {
    return !this.view.builtProducts.includes(product);
  }

  private summary(title: string, product?: Product): TemplateResult {
    const badge =
      product && this.coming(product) ? html` <span class="badge">${COMING}</span>` : nothing;
    return html`<summary><h3>${title}${badge}</h3></summary>`;
  }

  /**
   * The note on what `panel` needs in production, as the first thing in its group; the group's
   * `aria-describedby` names it ({@link productionNoteId}).
   */
  private productionNote(panel: NotedPanel): TemplateResult {
    return html`<p class="production-note" id=${productionNoteId(panel)}>
      <strong>For production:</strong>
      ${noteParts(PRODUCTION_NOTES[panel]).map((part) =>
        part.code ? html`<code>${part.text}</code>` : part.text,
      )}
    </p>`;
  }

  private offNote(product: Product): TemplateResult | typeof nothing {
    const notes: string[] = [];
    if (this.coming(product)) {
      notes.push(
        'Coming: this version of the widget does not show this product yet. The options below go into the configuration for when it does.',
      );
    }
    if (!enabledProducts(this.settings).includes(product)) {
      notes.push('The product is off, so the configuration leaves these options out.');
    }
    return notes.length > 0 ? html`<p class="note">${notes.join(' ')}</p>` : nothing;
  }

  /**
   * A group closed at first: its heading and notes render at once, its fields once it has been
   * opened, so the page's first render builds only what shows (a third fewer elements).
   */
  private closedGroup(
    name: string,
    head: unknown,
    fields: () => unknown,
    note?: NotedPanel,
  ): TemplateResult {
    const onToggle = (event: Event) => {
      if ((event.currentTarget as HTMLDetailsElement).open) this.actions.opened(name);
    };
    return html`<details
      class="group"
      aria-describedby=${note ? productionNoteId(note) : nothing}
      @toggle=${onToggle}
    >
      ${head} ${this.view.openedGroups.has(name) ? fields() : nothing}
    </details>`;
  }

  project(): TemplateResult {
    return html`<details class="group" open aria-describedby=${productionNoteId('project')}>
      ${this.summary('Project')} ${this.productionNote('project')}
      ${textField({
        id: 'option-public-token',
        label: 'Public token',
        value: this.settings.publicToken,
        hint: 'The development project’s token by default. A server in production has its own: paste it here (Enter applies it).',
        onChange: (value) => this.actions.setToken(value.trim()),
      })}
    </details>`;
  }

  products(): TemplateResult {
    const products = enabledProducts(this.settings);
    return html`<details class="group" open>
      ${this.summary('Products')}
      ${orderedChecklist({
        id: 'product',
        legend: 'Products, in the order the widget shows them',
        hint: 'Products marked coming are not in this version of the widget: it leaves them out and says so in the console and above the live widget.',
        items: this.settings.productOrder.map((product) => ({
          id: product,
          label: PRODUCT_LABELS[product],
          ...(this.coming(product) ? { badge: COMING } : {}),
        })),
        checked: products,
        ...this.announcementFor('products'),
        onToggle: (id, on) =>
          this.actions.edit((settings) => toggleProduct(settings, id as Product, on)),
        onMove: (id, by) =>
          this.actions.edit(
            (settings) => moveProduct(settings, id as Product, by),
            this.moveAnnouncement('products', id, PRODUCT_LABELS[id as Product], by),
          ),
      })}
    </details>`;
  }

  private announcementFor(list: Announcement['list']): { announcement?: string } {
    const announcement = this.view.announcement;
    return announcement?.list === list ? { announcement: announcement.text } : {};
  }

  private moveAnnouncement(
    list: Announcement['list'],
    id: string,
    label: string,
    by: -1 | 1,
  ): Announcement {
    const order: readonly string[] =
      list === 'products'
        ? this.settings.productOrder
        : list === 'methods'
          ? this.settings.methodOrder
          : this.settings.providerOrder;
    const index = order.indexOf(id);
    const to = Math.min(Math.max(index + by, 0), order.length - 1);
    return { list, text: `${label} moved to position ${to + 1} of ${order.length}.` };
  }

  otp(): TemplateResult {
    const methods = getAt(this.settings.config, ['otpOptions', 'methods']);
    return html`<details class="group" open aria-describedby=${productionNoteId('otp')}>
      ${this.summary('One-time passcodes', 'otp')} ${this.productionNote('otp')}
      ${this.offNote('otp')}
      ${orderedChecklist({
        id: 'method',
        legend: 'Methods, in the order of the tabs',
        items: this.settings.methodOrder.map((method) => ({
          id: method,
          label: METHOD_LABELS[method],
        })),
        checked: Array.isArray(methods) ? (methods as string[]) : [],
        ...this.announcementFor('methods'),
        onToggle: (id, on) =>
          this.actions.edit((settings) => toggleMethod(settings, id as OtpMethod, on)),
        onMove: (id, by) =>
          this.actions.edit(
            (settings) => moveMethod(settings, id as OtpMethod, by),
            this.moveAnnouncement('methods', id, METHOD_LABELS[id as OtpMethod], by),
          ),
      })}
      ${this.number(['otpOptions', 'expirationMinutes'], 'Passcode expiry (minutes)', {
        placeholder: '10',
      })}
      ${this.text(['otpOptions', 'loginTemplateId'], 'Login email template id', {
        hint: TEMPLATE_HINT,
      })}
      ${this.text(['otpOptions', 'signupTemplateId'], 'Sign-up email template id', {
        hint: TEMPLATE_HINT,
      })}
    </details>`;
  }

  emailMagicLinks(): TemplateResult {
    const base = ['emailMagicLinksOptions'];
    return this.closedGroup(
      'emailMagicLinks',
      html`${this.summary('Email magic links', 'emailMagicLinks')}
      ${this.productionNote('emailMagicLinks')} ${this.offNote('emailMagicLinks')}`,
      () => html`${this.text([...base, 'loginRedirectURL'], 'Login redirect URL', { url: true })}
      ${this.number([...base, 'loginExpirationMinutes'], 'Login link expiry (minutes)', {
        placeholder: '30',
      })}
      ${this.text([...base, 'signupRedirectURL'], 'Sign-up redirect URL', { url: true })}
      ${this.number([...base, 'signupExpirationMinutes'], 'Sign-up link expiry (minutes)', {
        placeholder: '30',
      })}
      ${this.check([...base, 'createUserAsPending'], 'Create new users as pending')}
      ${this.text([...base, 'domainHint'], 'Mail provider hint (domain)', {
        placeholder: 'gmail.com',
        hint: 'Picks the “open your inbox” link on the Check your email screen.',
      })}`,
      'emailMagicLinks',
    );
  }

  oauth(): TemplateResult {
    const enabled = enabledProviders(this.settings);
    return this.closedGroup(
      'oauth',
      html`${this.summary('OAuth', 'oauth')} ${this.productionNote('oauth')} ${this.offNote('oauth')}`,
      () => html`${orderedChecklist({
        id: 'provider',
        legend: 'Providers, in the order of their buttons',
        items: this.settings.providerOrder.map((type) => ({ id: type, label: type })),
        checked: enabled.map((provider) => provider.type),
        ...this.announcementFor('providers'),
        onToggle: (id, on) => this.actions.edit((settings) => toggleProvider(settings, id, on)),
        onMove: (id, by) =>
          this.actions.edit(
            (settings) => moveProvider(settings, id, by),
            this.moveAnnouncement('providers', id, id, by),
          ),
      })}
      ${enabled.map((provider) => this.providerOptions(provider))}
      ${this.text(['oauthOptions', 'loginRedirectURL'], 'OAuth login redirect URL', { url: true })}
      ${this.text(['oauthOptions', 'signupRedirectURL'], 'OAuth sign-up redirect URL', {
        url: true,
      })}`,
      'oauth',
    );
  }

  private providerOptions(provider: OAuthProviderConfig): TemplateResult {
    const type = provider.type;
    const set = (key: keyof OAuthProviderConfig, value: unknown) =>
      this.actions.edit((settings) => setProviderOption(settings, type, key, value));
    const id = (key: string) => `option-provider-${type}-${key}`;
    const params = Object.entries(provider.provider_params ?? {})
      .map(([key, value]) => `${key}=${value}`)
      .join('&');
    return html`<fieldset class="subgroup">
      <legend>${type} options</legend>
      ${
        type === 'google'
          ? html`${checkboxField({
              id: id('one-tap'),
              label: 'Google One Tap prompt',
              checked: provider.one_tap === true,
              onChange: (checked) => set('one_tap', checked ? true : undefined),
            })}
            ${selectField({
              id: id('position'),
              label: 'One Tap position',
              value: provider.position ?? '',
              choices: [
                { value: '', label: 'Default' },
                ...ONE_TAP_POSITIONS.map((position) => ({ value: position, label: position })),
              ],
              onChange: (value) => set('position', value === '' ? undefined : value),
            })}
            ${checkboxField({
              id: id('cancel-on-tap-outside'),
              label: 'Close One Tap on a click outside it',
              checked: provider.cancel_on_tap_outside === true,
              onChange: (checked) => set('cancel_on_tap_outside', checked ? true : undefined),
            })}`
          : nothing
      }
      ${textField({
        id: id('custom-scopes'),
        label: `${type} custom scopes`,
        value: (provider.custom_scopes ?? []).join(' '),
        hint: 'Separated by spaces.',
        onInput: (value) => {
          const scopes = value.split(/\s+/).filter(Boolean);
          set('custom_scopes', scopes.length > 0 ? scopes : undefined);
        },
      })}
      ${textField({
        id: id('provider-params'),
        label: `${type} provider parameters`,
        value: params,
        placeholder: 'prompt=select_account',
        hint: 'As key=value pairs joined by &.',
        onInput: (value) => {
          const entries = [...new URLSearchParams(value).entries()].filter(([key]) => key);
          set('provider_params', entries.length > 0 ? Object.fromEntries(entries) : undefined);
        },
      })}
    </fieldset>`;
  }

  passwords(): TemplateResult {
    const base = ['passwordOptions'];
    return this.closedGroup(
      'passwords',
      html`${this.summary('Passwords', 'passwords')} ${this.productionNote('passwords')}
      ${this.offNote('passwords')}`,
      () => html`${this.text([...base, 'loginRedirectURL'], 'Password login redirect URL', { url: true })}
      ${this.number([...base, 'loginExpirationMinutes'], 'Login link expiry (minutes)')}
      ${this.text([...base, 'resetPasswordRedirectURL'], 'Reset password redirect URL', {
        url: true,
      })}
      ${this.number([...base, 'resetPasswordExpirationMinutes'], 'Reset link expiry (minutes)')}
      ${this.text([...base, 'resetPasswordTemplateId'], 'Reset password email template id', {
        hint: 'Velvet has no named templates: the server refuses the reset with a template id.',
      })}`,
      'passwords',
    );
  }

  /** Passkeys: the widget has no options for them, only what the server needs. */
  passkeys(): TemplateResult {
    return html`<details class="group" aria-describedby=${productionNoteId('passkeys')}>
      ${this.summary('Passkeys', 'passkeys')} ${this.productionNote('passkeys')}
    </details>`;
  }

  /** Crypto wallets: the widget has no options for them, only what the server needs. */
  crypto(): TemplateResult {
    return html`<details class="group" aria-describedby=${productionNoteId('crypto')}>
      ${this.summary('Crypto wallets', 'crypto')} ${this.productionNote('crypto')}
    </details>`;
  }

  session(): TemplateResult {
    return this.closedGroup('session', this.summary('Session'), () =>
      this.number(['sessionOptions', 'sessionDurationMinutes'], 'Session length (minutes)', {
        placeholder: '60',
        hint: 'How long a sign-in lasts; the server may cap it.',
      }),
    );
  }

  private buttonTheme(kind: 'primary' | 'secondary' | 'disabled', legend: string) {
    const base = ['buttons', kind];
    return html`<fieldset class="subgroup">
      <legend>${legend}</legend>
      ${this.color([...base, 'backgroundColor'], `${legend}: background`, `--velvet-button-${kind}-background`)}
      ${this.color([...base, 'textColor'], `${legend}: text`, `--velvet-button-${kind}-text`)}
      ${this.color([...base, 'borderColor'], `${legend}: border`, `--velvet-button-${kind}-border`)}
      ${this.text([...base, 'borderRadius'], `${legend}: corner radius`, {
        placeholder: '4px',
        css: CssValueKind.RADIUS,
      })}
    </fieldset>`;
  }

  look(): TemplateResult {
    return html`<details class="group" open>
      ${this.summary('Look')}
      <fieldset class="subgroup">
        <legend>Header</legend>
        ${this.check(['hideHeaderText'], 'Hide the header text', 'The title “Sign up or log in”.')}
        ${this.text(['logo', 'logoImageUrl'], 'Logo URL', {
          url: true,
          placeholder: 'https://example.com/logo.png',
        })}
      </fieldset>
      <fieldset class="subgroup">
        <legend>Colours</legend>
        ${this.color(['colors', 'primary'], 'Primary', '--velvet-primary')}
        ${this.color(['colors', 'secondary'], 'Secondary', '--velvet-secondary')}
        ${this.color(['colors', 'success'], 'Success', '--velvet-success')}
        ${this.color(['colors', 'error'], 'Error', '--velvet-error')}
      </fieldset>
      <fieldset class="subgroup">
        <legend>Container</legend>
        ${this.color(['container', 'backgroundColor'], 'Container background', '--velvet-container-background')}
        ${this.color(['container', 'borderColor'], 'Container border', '--velvet-container-border')}
        ${this.text(['container', 'borderRadius'], 'Container corner radius', {
          placeholder: '8px',
          css: CssValueKind.RADIUS,
        })}
        ${this.text(['container', 'width'], 'Container width', {
          placeholder: '400px',
          css: CssValueKind.LENGTH,
        })}
      </fieldset>
      ${this.buttonTheme('primary', 'Primary button')}
      ${this.buttonTheme('secondary', 'Secondary button')}
      ${this.buttonTheme('disabled', 'Disabled button')}
      <fieldset class="subgroup">
        <legend>Inputs</legend>
        ${this.color(['inputs', 'backgroundColor'], 'Input background', '--velvet-input-background')}
        ${this.color(['inputs', 'borderColor'], 'Input border', '--velvet-input-border')}
        ${this.color(['inputs', 'textColor'], 'Input text', '--velvet-input-text')}
        ${this.color(['inputs', 'placeholderColor'], 'Input placeholder', '--velvet-input-placeholder')}
        ${this.text(['inputs', 'borderRadius'], 'Input corner radius', {
          placeholder: '4px',
          css: CssValueKind.RADIUS,
        })}
      </fieldset>
      <fieldset class="subgroup">
        <legend>Type</legend>
        ${this.text(['fontFamily'], 'Font family', {
          placeholder: THEME_DEFAULTS['--velvet-font-family'],
          css: CssValueKind.FONT_FAMILY,
        })}
        ${this.text(['typography', 'fontFamily'], 'Typography font family', {
          hint: 'Wins over Font family when both are set.',
          css: CssValueKind.FONT_FAMILY,
        })}
        ${this.text(['typography', 'fontSize'], 'Font size', {
          placeholder: '16px',
          css: CssValueKind.FONT_SIZE,
        })}
        ${this.color(['typography', 'titleColor'], 'Title colour', '--velvet-title')}
        ${this.color(['typography', 'textColor'], 'Text colour', '--velvet-text')}
      </fieldset>
    </details>`;
  }

  rendering(): TemplateResult {
    const locale = stringAt(this.settings, ['locale']) || 'en';
    return html`<details class="group" open>
      ${this.summary('Rendering')}
      ${this.check(
        ['enableShadowDOM'],
        'Render in a shadow root (enableShadowDOM)',
        'Off: the widget renders into the page, its styles scoped to velvet-login.',
      )}
      ${selectField({
        id: 'option-locale',
        label: 'Locale',
        value: locale,
        choices: localeChoices(locale),
        hint: LOCALE_HINT,
        onChange: (value) => this.set(['locale'], value),
      })}
    </details>`;
  }
}

/** The whole settings form. */
export function configForm(view: FormView, actions: FormActions): TemplateResult {
  const form = new FormBuilder(view, actions);
  return html`<form class="settings-form" @submit=${(event: Event) => event.preventDefault()}>
    ${form.project()} ${form.products()} ${form.otp()} ${form.emailMagicLinks()} ${form.oauth()}
    ${form.passwords()} ${form.passkeys()} ${form.crypto()} ${form.session()} ${form.look()}
    ${form.rendering()}
    <p>
      <button type="button" class="secondary" @click=${() => actions.reset()}>
        Reset to the defaults
      </button>
    </p>
  </form>`;
}
