import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { describe, it } from '../client/testing/mocha.js';
import './email-input.js';
import type { VelvetEmailInput } from './email-input.js';
import { emailInputStyles } from './email-input.styles.js';

const style = document.createElement('style');
style.textContent = emailInputStyles;
document.head.append(style);

async function setup(
  template = html`<velvet-email-input></velvet-email-input>`,
): Promise<{ el: VelvetEmailInput; input: HTMLInputElement }> {
  const el = await fixture<VelvetEmailInput>(template);
  return { el, input: el.querySelector('input')! };
}

describe('<velvet-email-input>', () => {
  it('is accessible', async () => {
    const { el } = await setup();
    await expect(el).to.be.accessible();
  });

  it('is accessible disabled', async () => {
    const { el } = await setup(html`<velvet-email-input disabled></velvet-email-input>`);
    await expect(el).to.be.accessible();
  });

  it('is accessible marked invalid with a description', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div>
      <velvet-email-input invalid described-by="email-error" value="ada@"></velvet-email-input>
      <p id="email-error">Invalid email address, please try again.</p>
    </div>`);
    const input = wrapper.querySelector('input')!;
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(input.getAttribute('aria-describedby')).to.equal('email-error');
    await expect(wrapper).to.be.accessible();
  });

  it('is a required email field for autofill, named email and labelled', async () => {
    const { input } = await setup();
    expect(input.type).to.equal('email');
    expect(input.getAttribute('autocomplete')).to.equal('email');
    expect(input.name).to.equal('email');
    expect(input.required).to.equal(true);
    expect(input.placeholder).to.equal('example@email.com');
    expect(input.labels?.[0]?.textContent?.trim()).to.equal('Email');
  });

  it('takes its texts from properties', async () => {
    const { input } = await setup(
      html`<velvet-email-input label="Courriel" placeholder="vous@exemple.fr"></velvet-email-input>`,
    );
    expect(input.labels?.[0]?.textContent?.trim()).to.equal('Courriel');
    expect(input.placeholder).to.equal('vous@exemple.fr');
  });

  it('offers passkeys in autofill when asked', async () => {
    const { el, input } = await setup();
    el.webauthn = true;
    await el.updateComplete;
    expect(input.getAttribute('autocomplete')).to.equal('email webauthn');
  });

  it('keeps value as typed', async () => {
    const { el, input } = await setup();
    input.focus();
    await sendKeys({ type: 'ada@example.com' });
    expect(el.value).to.equal('ada@example.com');
  });

  it('takes an autofilled address', async () => {
    const { el, input } = await setup();
    input.value = 'grace@example.org';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(el.value).to.equal('grace@example.org');
  });

  it('shows a value that is set', async () => {
    const { el, input } = await setup();
    el.value = 'ada@example.com';
    await el.updateComplete;
    expect(input.value).to.equal('ada@example.com');
  });

  it('shows where the focus is, and focus() focuses the field', async () => {
    const { el, input } = await setup();
    el.focus();
    expect(document.activeElement).to.equal(input);
    expect(getComputedStyle(input).outlineStyle).to.equal('solid');
  });

  it('disables the field', async () => {
    const { el, input } = await setup();
    el.disabled = true;
    await el.updateComplete;
    expect(input.disabled).to.equal(true);
  });

  it('is seen by an enclosing form', async () => {
    const form = await fixture<HTMLFormElement>(
      html`<form><velvet-email-input value="ada@example.com"></velvet-email-input></form>`,
    );
    expect(new FormData(form).get('email')).to.equal('ada@example.com');
    expect(form.checkValidity()).to.equal(true);
  });

  it('gives each instance its own id', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><velvet-email-input></velvet-email-input><velvet-email-input></velvet-email-input></div>`,
    );
    const ids = [...wrapper.querySelectorAll('input')].map((input) => input.id);
    expect(ids[0]).to.not.equal(ids[1]);
  });
});
