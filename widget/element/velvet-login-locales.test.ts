import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { apiErrorBody, success } from '../client/testing/fixtures.js';
import { afterEach, describe, it } from '../client/testing/mocha.js';
import { cleanUpClients, createTestClient } from '../client/testing/test-client.js';
import { waitFor } from '../client/testing/wait-for.js';
import type { VelvetConfig } from '../config/widget-config.js';
import type { VelvetErrorDetail } from '../events.js';
import '../velvet.js';
import type { VelvetLogin } from './velvet-login.js';

const SMS_ONLY: Partial<VelvetConfig> = {
  products: ['otp'],
  otpOptions: { methods: ['sms'], expirationMinutes: 10 },
};

async function mount(locale: string | undefined, strings: Record<string, unknown> = {}) {
  const test = createTestClient();
  const errors: VelvetErrorDetail[] = [];
  const config = locale ? { ...SMS_ONLY, locale } : SMS_ONLY;
  const el = await fixture<VelvetLogin>(html`<velvet-login
    public-token=${test.publicToken}
    .client=${test.client}
    .clock=${test.clock}
    .config=${config}
    .strings=${strings}
    .callbacks=${{ onError: (detail: VelvetErrorDetail) => errors.push(detail) }}
  ></velvet-login>`);
  const text = () => el.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  const title = () => el.querySelector('.velvet-title')?.textContent?.trim();
  const button = (label: string) => {
    const found = [...el.querySelectorAll('button')].find((b) => b.textContent?.trim() === label);
    if (!found) throw new Error(`no button '${label}' in: ${text()}`);
    return found;
  };
  await waitFor(() => el.querySelector('form button'), 'the form did not render');
  return { el, test, errors, text, title, button };
}

type Mounted = Awaited<ReturnType<typeof mount>>;

/** Sends a passcode to +1 415 555 2671 and waits for the passcode screen titled `title`. */
async function toPasscodeScreen(mounted: Mounted, send: string, title: string): Promise<void> {
  mounted.test.api.on('POST', '/otps/sms/login_or_create', {
    json: success({ user_id: 'user-test-1', method_id: 'phone-number-test-1' }),
  });
  mounted.el.querySelector<HTMLInputElement>('input[type=tel]')?.focus();
  await sendKeys({ type: '4155552671' });
  mounted.button(send).click();
  await waitFor(
    () => mounted.title() === title,
    () => `no '${title}': ${mounted.text()}`,
  );
}

afterEach(async () => {
  await cleanUpClients();
});

const LOCALES = [
  {
    locale: 'es',
    title: 'Regístrate o inicia sesión',
    send: 'Continuar con mensaje de texto',
    germany: 'Alemania',
    enterPasscode: 'Introduce el código',
    expiresIn: 'Tu código caduca en 10:00.',
    firstDigit: 'Dígito 1 de 6',
    wrongCode: 'El código no es correcto o ya se ha usado. Inténtalo de nuevo.',
    invalidPhone: 'Número de teléfono no válido. Inténtalo de nuevo.',
  },
  {
    locale: 'fr-FR',
    title: 'Inscrivez-vous ou connectez-vous',
    send: 'Continuer par SMS',
    germany: 'Allemagne',
    enterPasscode: 'Saisissez le code',
    expiresIn: 'Votre code expire dans 10:00.',
    firstDigit: 'Chiffre 1 sur 6',
    wrongCode: 'Le code est incorrect ou a déjà été utilisé. Veuillez réessayer.',
    invalidPhone: 'Numéro de téléphone non valide, veuillez réessayer.',
  },
] as const;

describe('<velvet-login> in other languages', () => {
  it('an English widget downloads no catalogue and sets no lang', async () => {
    const mounted = await mount(undefined);
    await waitFor(() => mounted.title() === 'Sign up or log in', 'no English title');
    expect(mounted.el.hasAttribute('lang')).to.equal(false);
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    expect(loaded.filter((name) => /strings\/(es|fr|load-catalogue)\./.test(name))).to.deep.equal(
      [],
    );
  });

  for (const expected of LOCALES) {
    it(`renders the main screen, the passcode screen and errors in ${expected.locale}`, async () => {
      const mounted = await mount(expected.locale);
      await waitFor(
        () => mounted.title() === expected.title,
        () => `no title: ${mounted.text()}`,
      );
      expect(mounted.el.getAttribute('lang')).to.equal(expected.locale.slice(0, 2));
      expect(mounted.button(expected.send)).to.exist;
      await waitFor(
        () => mounted.el.querySelector('option[value=DE]')?.textContent?.includes(expected.germany),
        () => `no ${expected.germany} among the countries`,
      );
      await expect(mounted.el).to.be.accessible();

      // The widget's own error.
      mounted.el.querySelector<HTMLInputElement>('input[type=tel]')?.focus();
      await sendKeys({ type: '12' });
      mounted.button(expected.send).click();
      await waitFor(() => mounted.text().includes(expected.invalidPhone), 'no invalid phone');
      await expect(mounted.el).to.be.accessible();
      const input = mounted.el.querySelector<HTMLInputElement>('input[type=tel]');
      if (input) input.select();
      await sendKeys({ press: 'Backspace' });

      await toPasscodeScreen(mounted, expected.send, expected.enterPasscode);
      expect(mounted.text()).to.include(expected.expiresIn);
      // A screen reader reads each box in the widget's language too.
      const boxes = [...mounted.el.querySelectorAll('velvet-otp-input input')];
      expect(boxes).to.have.length(6);
      expect(boxes[0]?.getAttribute('aria-label')).to.equal(expected.firstDigit);
      await expect(mounted.el).to.be.accessible();

      // The server's error, by its error_type, in the catalogue's words.
      mounted.test.api.on('POST', '/otps/authenticate', {
        status: 404,
        json: apiErrorBody(404, 'otp_code_not_found', 'The passcode is wrong.'),
      });
      mounted.el.querySelector<HTMLInputElement>('velvet-otp-input input')?.focus();
      await sendKeys({ type: '000000' });
      await waitFor(
        () => mounted.text().includes(expected.wrongCode),
        () => mounted.text(),
      );
      expect(mounted.text()).to.not.include('The passcode is wrong.');
      expect(mounted.errors).to.deep.equal([
        { message: expected.wrongCode, errorType: 'otp_code_not_found' },
      ]);
      await expect(mounted.el).to.be.accessible();
    });
  }

  it('shows the server’s message for an error type the catalogue does not know', async () => {
    const mounted = await mount('es');
    await waitFor(() => mounted.title() === 'Regístrate o inicia sesión', 'no Spanish title');
    mounted.test.api.on('POST', '/otps/sms/login_or_create', {
      status: 400,
      json: apiErrorBody(400, 'some_new_error', 'Something new happened.'),
    });
    mounted.el.querySelector<HTMLInputElement>('input[type=tel]')?.focus();
    await sendKeys({ type: '4155552671' });
    mounted.button('Continuar con mensaje de texto').click();
    await waitFor(
      () => mounted.text().includes('Something new happened.'),
      () => mounted.text(),
    );
  });

  it('keeps the page’s strings on top of the Spanish texts', async () => {
    const mounted = await mount('es', {
      mainTitle: '¿Te conocemos?',
      passcodeSentTo: (to: string) => `Mira tu teléfono: ${to}`,
    });
    await waitFor(
      () => mounted.title() === '¿Te conocemos?',
      () => `title: ${mounted.title()}`,
    );
    expect(mounted.button('Continuar con mensaje de texto')).to.exist;
    await toPasscodeScreen(mounted, 'Continuar con mensaje de texto', 'Introduce el código');
    await waitFor(
      () => mounted.text().includes('Mira tu teléfono: (415) 555-2671'),
      () => mounted.text(),
    );
  });

  it('goes back to English, and drops the lang it set, when the locale changes back', async () => {
    const mounted = await mount('fr');
    await waitFor(() => mounted.title() === 'Inscrivez-vous ou connectez-vous', 'no French');
    mounted.el.config = { ...SMS_ONLY, locale: 'en' };
    await waitFor(
      () => mounted.title() === 'Sign up or log in',
      () => `${mounted.title()}`,
    );
    await waitFor(() => !mounted.el.hasAttribute('lang'), 'lang stayed');
  });
});
