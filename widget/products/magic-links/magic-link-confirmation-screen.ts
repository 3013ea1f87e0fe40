/**
 * `<velvet-magic-link-confirmation>`: the Email Confirmation screen. After a send it reads
 * 'Check your email', says where the link went, offers Gmail, Yahoo and Outlook, and a
 * 'Try again' that clears the email, returns to Main and logs `email_try_again_clicked`. Opened
 * from a link, once the sign-in succeeded, it reads 'Success!' and completes the flow.
 */
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { Screen } from '../../state/screen.js';
import type { ProductContext } from '../product.js';
import { MAGIC_LINK_FLOW_TYPE } from './magic-link-flow.js';
import { magicLinkStrings } from './magic-links.strings.js';
import { magicLinkScreenStyles } from './magic-links.styles.js';
import { mailLinks, mailProviderHint } from './mail-links.js';

/** The Email Confirmation screen. */
@customElement('velvet-magic-link-confirmation')
export class VelvetMagicLinkConfirmation extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override willUpdate(): void {
    this.context.adoptStyles(magicLinkScreenStyles);
  }

  protected override updated(): void {
    if (this.context.state.magicLinkEmail === undefined) this.context.completeFlow();
  }

  protected override render(): unknown {
    const { strings, state } = this.context;
    const texts = magicLinkStrings(this.context);
    const email = state.magicLinkEmail;
    if (email === undefined) {
      return html`<div class="velvet-screen velvet-confirmation" role="status">
        <h2 class="velvet-title" part="title">${texts.magicLinkSuccessTitle}</h2>
        <p class="velvet-text" part="text">${texts.magicLinkSuccessText}</p>
      </div>`;
    }
    return html`<div class="velvet-screen velvet-magic-link-confirmation">
      <h2 class="velvet-title" part="title">${texts.checkYourEmail}</h2>
      <p class="velvet-text" part="text">${texts.magicLinkSentTo(email)}</p>
      <ul class="velvet-mail-links" aria-label=${texts.openMailLabel}>
        ${mailLinks(mailProviderHint(this.context)).map(
          (link) =>
            html`<li>
              <a
                class="velvet-button velvet-button--secondary velvet-mail-link"
                part="button mail-link"
                href=${link.href}
                target="_blank"
                rel="noopener noreferrer"
                >${texts.openMail(link.name)}</a
              >
            </li>`,
        )}
      </ul>
      <p class="velvet-text velvet-magic-link-confirmation__retry" part="text">
        ${strings.didNotGetIt}
        <button class="velvet-link" part="link" type="button" @click=${this.onTryAgain}>
          ${texts.tryAgain}
        </button>
      </p>
    </div>`;
  }

  private readonly onTryAgain = async (): Promise<void> => {
    const context = this.context;
    const email = context.state.magicLinkEmail;
    context.dispatch({ type: 'set-magic-link-email', email: undefined });
    context.dispatch({ type: 'transition', screen: Screen.Main });
    try {
      const client = await context.client();
      client.telemetry.logEvent('email_try_again_clicked', { email, type: MAGIC_LINK_FLOW_TYPE });
    } catch (error) {
      console.error('<velvet-login>: the client library could not load.', error);
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-magic-link-confirmation': VelvetMagicLinkConfirmation;
  }
}
