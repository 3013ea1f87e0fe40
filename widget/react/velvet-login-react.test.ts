import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import * as React from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { apiErrorBody, success } from '../client/testing/fixtures.js';
import { afterEach, describe, it } from '../client/testing/mocha.js';
import {
  cleanUpClients,
  createTestClient,
  type TestClient,
} from '../client/testing/test-client.js';
import { waitFor } from '../client/testing/wait-for.js';
import type { VelvetConfig } from '../config/widget-config.js';
import type { VelvetErrorDetail, VelvetEventDetail } from '../events.js';
import { VelvetLogin as VelvetLoginElement } from '../velvet.js';
import { VelvetLogin, type VelvetLoginProps } from './velvet-login-react.js';

const SMS_ONLY: Partial<VelvetConfig> = {
  products: ['otp'],
  otpOptions: { methods: ['sms'], expirationMinutes: 10 },
};

interface Rendered {
  root: Root;
  container: HTMLElement;
  test: TestClient;
  ref: React.RefObject<VelvetLoginElement | null>;
  /** Renders again with other props (the test client stays). */
  rerender(props: Partial<VelvetLoginProps>): void;
}

const mounted: Rendered[] = [];

/** Renders `<VelvetLogin>` with a client on a fake API, as a React app would. */
async function renderWidget(props: Partial<VelvetLoginProps> = {}): Promise<Rendered> {
  const test = createTestClient();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const ref = React.createRef<VelvetLoginElement>();
  const rerender = (more: Partial<VelvetLoginProps>) =>
    root.render(
      React.createElement(VelvetLogin, {
        ref,
        publicToken: test.publicToken,
        client: test.client,
        config: SMS_ONLY,
        ...props,
        ...more,
      }),
    );
  rerender({});
  const rendered: Rendered = { root, container, test, ref, rerender };
  mounted.push(rendered);
  await waitFor(
    () => (ref.current?.shadowRoot ?? ref.current)?.querySelector('form'),
    'the widget did not render',
  );
  return rendered;
}

function widgetRoot(rendered: Rendered): ShadowRoot | HTMLElement {
  const el = rendered.ref.current;
  if (!el) throw new Error('no element');
  return el.shadowRoot ?? el;
}

/** Types +1 415 555 2671 and presses 'Continue with text message'. */
async function sendPasscode(rendered: Rendered): Promise<void> {
  const root = widgetRoot(rendered);
  root.querySelector<HTMLInputElement>('input[type=tel]')?.focus();
  await sendKeys({ type: '4155552671' });
  const button = [...root.querySelectorAll('button')].find(
    (candidate) => candidate.textContent?.trim() === 'Continue with text message',
  );
  if (!button) throw new Error("no 'Continue with text message' button");
  button.click();
}

function answerSms(test: TestClient): void {
  test.api.on('POST', '/otps/sms/login_or_create', {
    json: success({ user_id: 'user-test-1', method_id: 'phone-number-test-1' }),
  });
}

afterEach(async () => {
  for (const rendered of mounted.splice(0)) {
    rendered.root.unmount();
    rendered.container.remove();
  }
  await cleanUpClients();
});

describe('<VelvetLogin> (React)', () => {
  it('renders <velvet-login> and hands the ref the element', async () => {
    const rendered = await renderWidget({ className: 'sign-in', id: 'login' });
    const el = rendered.ref.current;
    expect(el).to.be.instanceOf(VelvetLoginElement);
    expect(rendered.container.querySelector('velvet-login')).to.equal(el);
    expect(el?.className).to.equal('sign-in');
    expect(el?.id).to.equal('login');
    expect(widgetRoot(rendered).textContent).to.include('Continue with text message');
    await expect(rendered.container).to.be.accessible();
  });

  it('sets the element’s properties as properties, objects included', async () => {
    const config: Partial<VelvetConfig> = { ...SMS_ONLY, enableShadowDOM: true };
    const strings = { continueWithText: 'Text me a code' };
    const rendered = await renderWidget({ config, strings, apiBase: 'https://velvet.test' });
    const el = rendered.ref.current!;
    expect(el.publicToken).to.equal(rendered.test.publicToken);
    expect(el.config).to.equal(config);
    expect(el.strings).to.equal(strings);
    expect(el.apiBase).to.equal('https://velvet.test');
    expect(el.client).to.equal(rendered.test.client);
    // The object reached the element as an object, not as "[object Object]" in an attribute.
    expect(el.getAttribute('config')).to.equal(null);
    await waitFor(
      () => el.shadowRoot?.textContent?.includes('Text me a code'),
      'the config and the strings did not reach the screen',
    );
  });

  it('new props reach the element on a re-render', async () => {
    const rendered = await renderWidget();
    rendered.rerender({ apiBase: 'https://other.velvet.test' });
    await waitFor(
      () => rendered.ref.current?.apiBase === 'https://other.velvet.test',
      'the new apiBase did not reach the element',
    );
  });

  it('calls onEvent with the event detail when the user sends a passcode', async () => {
    const events: VelvetEventDetail[] = [];
    const rendered = await renderWidget({ onEvent: (detail) => events.push(detail) });
    answerSms(rendered.test);
    await sendPasscode(rendered);
    await waitFor(() => events.length > 0, 'onEvent was not called');
    expect(events.map((event) => event.type)).to.deep.equal(['OTP_SMS_LOGIN_OR_CREATE']);
    expect(events[0]?.data).to.include({ method_id: 'phone-number-test-1' });
  });

  it('calls onError with the error detail when the send fails', async () => {
    const errors: VelvetErrorDetail[] = [];
    const events: VelvetEventDetail[] = [];
    const rendered = await renderWidget({
      onEvent: (detail) => events.push(detail),
      onError: (detail) => errors.push(detail),
    });
    rendered.test.api.on('POST', '/otps/sms/login_or_create', {
      status: 429,
      json: apiErrorBody(429, 'otp_send_rate_limited', 'Too many passcodes were sent.'),
    });
    await sendPasscode(rendered);
    await waitFor(() => errors.length > 0, 'onError was not called');
    expect(errors).to.deep.equal([
      { message: 'Too many passcodes were sent.', errorType: 'otp_send_rate_limited' },
    ]);
    expect(events).to.deep.equal([]);
  });

  it('calls the callbacks of the latest render', async () => {
    const first: VelvetEventDetail[] = [];
    const second: VelvetEventDetail[] = [];
    const rendered = await renderWidget({ onEvent: (detail) => first.push(detail) });
    rendered.rerender({ onEvent: (detail) => second.push(detail) });
    answerSms(rendered.test);
    await sendPasscode(rendered);
    await waitFor(() => second.length > 0, 'the new onEvent was not called');
    expect(first).to.deep.equal([]);
  });

  it('the element’s own callbacks still work beside onEvent', async () => {
    const viaProp: VelvetEventDetail[] = [];
    const viaCallbacks: VelvetEventDetail[] = [];
    const rendered = await renderWidget({
      onEvent: (detail) => viaProp.push(detail),
      callbacks: { onEvent: (detail) => viaCallbacks.push(detail) },
    });
    answerSms(rendered.test);
    await sendPasscode(rendered);
    await waitFor(
      () => viaProp.length > 0 && viaCallbacks.length > 0,
      'onEvent or callbacks.onEvent was not called',
    );
    expect(viaCallbacks).to.deep.equal(viaProp);
  });
});
