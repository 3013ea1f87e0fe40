/**
 * The passcode product (`otp`): passcodes by text message, WhatsApp and email. It adds one form
 * per configured method to the main screen (Text, WhatsApp, Email) and brings the passcode and
 * confirmation screens, which load as a chunk of their own when a code is sent.
 */
import { html } from 'lit';
import { Screen } from '../../state/screen.js';
import type { FormMethod, ProductPlugin } from '../product.js';
import type { EmailAction } from '../shared/email-entry-form.js';
import { otpStyles } from './otp.styles.js';
import { loadOtpScreens } from './otp-flow.js';
import './phone-form.js';

/**
 * The email form (the shared `<velvet-email-entry-form>`, whose submit is `email-action.ts`
 * here) is a chunk of its own: SMS-only pages never download it.
 */
const loadEmailForm = () => import('../shared/email-entry-form.js');

/** The Email tab's submit: the email action loads with the form, not with this chunk. */
const sendEmailPasscode: EmailAction = (email, context) =>
  import('./email-action.js').then((module) => module.sendEmailPasscode(email, context));

/** The passcode product's plugin. */
export const otpProduct: ProductPlugin = {
  styles: otpStyles,
  formMethods(context) {
    const methods = context.config.otpOptions?.methods ?? ['sms'];
    if (methods.includes('email')) void context.load(loadEmailForm);
    return methods.map(
      (method): FormMethod =>
        method === 'email'
          ? {
              id: 'email',
              label: context.strings.tabEmail,
              render: (current) =>
                html`<velvet-email-entry-form
                  .context=${current}
                  .action=${sendEmailPasscode}
                ></velvet-email-entry-form>`,
            }
          : {
              id: method,
              label: method === 'sms' ? context.strings.tabText : context.strings.tabWhatsApp,
              render: (current) =>
                html`<velvet-otp-phone-form
                  .context=${current}
                  channel=${method}
                ></velvet-otp-phone-form>`,
            },
    );
  },
  screens: {
    [Screen.OtpAuthenticate]: (context) => {
      void context.load(loadOtpScreens);
      return html`<velvet-otp-authenticate .context=${context}></velvet-otp-authenticate>`;
    },
    [Screen.OtpConfirmation]: (context) => {
      void context.load(loadOtpScreens);
      return html`<velvet-otp-confirmation .context=${context}></velvet-otp-confirmation>`;
    },
  },
};
