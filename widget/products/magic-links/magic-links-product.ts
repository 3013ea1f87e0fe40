/**
 * The email magic-link product (`emailMagicLinks`), the widget's default: the Email tab whose
 * submit sends a link, the Email Confirmation screen (a chunk of its own), and, on a page opened
 * from a link (`?stytch_token_type=magic_links&token=…`), the sign-in with that token.
 */
import { html } from 'lit';
import { Screen } from '../../state/screen.js';
import type { ProductPlugin } from '../product.js';
import { completeFromUrl, loadMagicLinkScreens, sendMagicLink } from './magic-link-flow.js';
import { magicLinkStyles } from './magic-links.styles.js';

/**
 * The email form is a chunk of its own (shared with other products that start from an email), so
 * nothing of it is in the chunk of a product that does not use it.
 */
const loadEmailForm = () => import('../shared/email-entry-form.js');

/** The magic-link product's plugin. */
export const magicLinksProduct: ProductPlugin = {
  styles: magicLinkStyles,
  onLoad: completeFromUrl,
  formMethods: (context) => {
    void context.load(loadEmailForm);
    return [
      {
        id: 'email',
        label: context.strings.tabEmail,
        render: (current) =>
          html`<velvet-email-entry-form
          .context=${current}
          .action=${sendMagicLink}
        ></velvet-email-entry-form>`,
      },
    ];
  },
  screens: {
    [Screen.EmailConfirmation]: (context) => {
      void context.load(loadMagicLinkScreens);
      return html`<velvet-magic-link-confirmation
        .context=${context}
      ></velvet-magic-link-confirmation>`;
    },
  },
};
