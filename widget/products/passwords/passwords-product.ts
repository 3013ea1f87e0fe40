/**
 * The passwords product (`passwords`): the Email tab's password path (user search, then the
 * Password screen to create a password or log in), the strength meter, forgotten and breached
 * passwords, the Dedupe flow, and the Password Reset Form of a page opened from a reset link.
 * The screens load as a chunk of their own when the user searches or a link opens the page.
 * With magic links configured too, this product's Email tab takes the place of theirs: the
 * search decides, and a passwordless user can still ask for a login link.
 */
import { html, type TemplateResult } from 'lit';
import { Screen } from '../../state/screen.js';
import type { ProductContext, ProductPlugin } from '../product.js';
import { loadPasswordScreens, openFromLink, searchUser } from './password-flow.js';
import { passwordStyles } from './passwords.styles.js';

/** The shared email form is a chunk of its own (magic links use it too). */
const loadEmailForm = () => import('../shared/email-entry-form.js');

/** A screen of the chunk: loads it, then renders its element. */
function screen(
  render: (context: ProductContext) => TemplateResult,
): (context: ProductContext) => TemplateResult {
  return (context) => {
    void context.load(loadPasswordScreens);
    return render(context);
  };
}

/** The passwords product's plugin. */
export const passwordsProduct: ProductPlugin = {
  styles: passwordStyles,
  onLoad: openFromLink,
  formMethods: (context) => {
    void context.load(loadEmailForm);
    return [
      {
        id: 'email',
        label: context.strings.tabEmail,
        overrides: true,
        render: (current) =>
          html`<velvet-email-entry-form
            .context=${current}
            .action=${searchUser}
          ></velvet-email-entry-form>`,
      },
    ];
  },
  screens: {
    [Screen.Password]: screen(
      (context) => html`<velvet-password-screen .context=${context}></velvet-password-screen>`,
    ),
    [Screen.PasswordResetForm]: screen(
      (context) =>
        html`<velvet-password-reset-form .context=${context}></velvet-password-reset-form>`,
    ),
    [Screen.PasswordForgot]: screen(
      (context) =>
        html`<velvet-password-email-sent .context=${context} kind="forgot"></velvet-password-email-sent>`,
    ),
    [Screen.PasswordBreached]: screen(
      (context) =>
        html`<velvet-password-email-sent .context=${context} kind="breached"></velvet-password-email-sent>`,
    ),
    [Screen.PasswordSetNew]: screen(
      (context) =>
        html`<velvet-password-email-sent .context=${context} kind="set-new"></velvet-password-email-sent>`,
    ),
    [Screen.PasswordDedupe]: screen(
      (context) =>
        html`<velvet-password-email-sent .context=${context} kind="dedupe"></velvet-password-email-sent>`,
    ),
    [Screen.PasswordConfirmation]: screen(
      (context) =>
        html`<velvet-password-confirmation .context=${context}></velvet-password-confirmation>`,
    ),
  },
};
