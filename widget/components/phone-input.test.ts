import { expect, fixture, html } from '@open-wc/testing';
import { selectOption, sendKeys } from '@web/test-runner-commands';
import { describe, it } from '../client/testing/mocha.js';
import { waitFor } from '../client/testing/wait-for.js';
import { DIAL_CODES } from '../validation/dial-codes.js';
import './phone-input.js';
import type { CountryChangeDetail, VelvetPhoneInput } from './phone-input.js';
import { phoneInputStyles } from './phone-input.styles.js';

/** Waits until the select's options carry the countries' names (after the first paint). */
const named = (select: HTMLSelectElement) =>
  waitFor(() => (select.options[0]?.text.trim() ?? '').includes(' '), 'no country names');

const style = document.createElement('style');
style.textContent = phoneInputStyles;
document.head.append(style);

interface Setup {
  el: VelvetPhoneInput;
  select: HTMLSelectElement;
  input: HTMLInputElement;
  dialCode: HTMLElement;
  changes: CountryChangeDetail[];
}

async function setup(template = html`<velvet-phone-input></velvet-phone-input>`): Promise<Setup> {
  const el = await fixture<VelvetPhoneInput>(template);
  const changes: CountryChangeDetail[] = [];
  el.addEventListener('velvet-country-change', (event) => changes.push(event.detail));
  return {
    el,
    select: el.querySelector('select')!,
    input: el.querySelector('input')!,
    dialCode: el.querySelector<HTMLElement>('.velvet-phone-input__dial-code')!,
    changes,
  };
}

describe('<velvet-phone-input>', () => {
  describe('accessibility', () => {
    it('is accessible', async () => {
      const { el } = await setup();
      await expect(el).to.be.accessible();
    });

    it('is accessible disabled', async () => {
      const { el } = await setup(html`<velvet-phone-input disabled></velvet-phone-input>`);
      await expect(el).to.be.accessible();
    });

    it('is accessible marked invalid with a description', async () => {
      const wrapper = await fixture<HTMLDivElement>(html`<div>
        <velvet-phone-input invalid described-by="phone-error" value="123"></velvet-phone-input>
        <p id="phone-error">Invalid phone number, please try again.</p>
      </div>`);
      const input = wrapper.querySelector('input')!;
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      expect(input.getAttribute('aria-describedby')).to.equal('phone-error');
      await expect(wrapper).to.be.accessible();
    });

    it("labels the select 'Country code' and the field 'Phone number'", async () => {
      const { select, input } = await setup();
      expect(select.labels?.[0]?.textContent?.trim()).to.equal('Country code');
      expect(input.labels?.[0]?.textContent?.trim()).to.equal('Phone number');
    });

    it('takes its texts from properties', async () => {
      const { select, input } = await setup(
        html`<velvet-phone-input
          label="Numéro de téléphone"
          country-label="Indicatif"
          placeholder="06 12 34 56 78"
        ></velvet-phone-input>`,
      );
      expect(select.labels?.[0]?.textContent?.trim()).to.equal('Indicatif');
      expect(input.labels?.[0]?.textContent?.trim()).to.equal('Numéro de téléphone');
      expect(input.placeholder).to.equal('06 12 34 56 78');
    });

    it('shows where the focus is', async () => {
      const { select, input } = await setup();
      input.focus();
      expect(getComputedStyle(input).outlineStyle).to.equal('solid');
      select.focus();
      const box = select.parentElement!;
      expect(getComputedStyle(box).outlineStyle).to.equal('solid');
    });
  });

  describe('country select', () => {
    it("starts on the United States, showing only '+1'", async () => {
      const { el, select, dialCode } = await setup();
      expect(el.country).to.equal('US');
      expect(select.value).to.equal('US');
      expect(dialCode.textContent?.trim()).to.equal('+1');
      expect(dialCode.getAttribute('aria-hidden')).to.equal('true');
    });

    it("lists every country as '+code Name', the United States first", async () => {
      const { select } = await setup();
      await named(select);
      const options = [...select.options];
      expect(options).to.have.length(Object.keys(DIAL_CODES).length);
      expect(options[0]?.value).to.equal('US');
      expect(options[0]?.text.trim()).to.equal('+1 United States');
      const gb = options.find((option) => option.value === 'GB');
      expect(gb?.text.trim()).to.equal('+44 United Kingdom');
    });

    it('keeps the native select, transparent, over the whole country box', async () => {
      const { select, dialCode } = await setup();
      expect(getComputedStyle(select).opacity).to.equal('0');
      const box = select.parentElement!.getBoundingClientRect();
      const over = select.getBoundingClientRect();
      expect(over.width).to.be.greaterThan(40);
      expect([over.left, over.top, over.right, over.bottom]).to.deep.equal([
        box.left + 1,
        box.top + 1,
        box.right - 1,
        box.bottom - 1,
      ]);
      const label = dialCode.getBoundingClientRect();
      const hit = document.elementFromPoint(
        label.left + label.width / 2,
        label.top + label.height / 2,
      );
      expect(hit).to.equal(select);
    });

    it('fires velvet-country-change when the user picks a country', async () => {
      const { el, select, dialCode, changes } = await setup();
      let event: CustomEvent<CountryChangeDetail> | undefined;
      el.addEventListener('velvet-country-change', (e) => {
        event = e;
      });
      select.id ||= 'phone-country-under-test';
      await selectOption({ selector: `#${select.id}`, value: 'GB' });
      await el.updateComplete;
      expect(changes).to.deep.equal([{ country: 'GB' }]);
      expect(event?.bubbles).to.equal(true);
      expect(event?.composed).to.equal(true);
      expect(el.country).to.equal('GB');
      expect(dialCode.textContent?.trim()).to.equal('+44');
    });

    it('is usable from the keyboard', async () => {
      const { el, select, changes } = await setup();
      select.focus();
      await sendKeys({ press: 'ArrowDown' });
      await el.updateComplete;
      // The United States come first, then the countries by name.
      expect(select.value).to.equal('AF');
      expect(el.country).to.equal('AF');
      expect(changes).to.deep.equal([{ country: 'AF' }]);
      expect(el.querySelector('.velvet-phone-input__dial-code')?.textContent?.trim()).to.equal(
        '+93',
      );
    });

    it('follows country when it is set, without an event', async () => {
      const { el, select, dialCode, changes } = await setup();
      el.country = 'DE';
      await el.updateComplete;
      expect(select.value).to.equal('DE');
      expect(dialCode.textContent?.trim()).to.equal('+49');
      await selectOption({ selector: `#${select.id}`, value: 'FR' });
      el.country = 'CA';
      await el.updateComplete;
      expect(select.value).to.equal('CA');
      expect(dialCode.textContent?.trim()).to.equal('+1');
      expect(changes).to.deep.equal([{ country: 'FR' }]);
      // Back to the country the user had picked: its option was chosen by the user before.
      el.country = 'FR';
      await el.updateComplete;
      expect(select.value).to.equal('FR');
      expect(dialCode.textContent?.trim()).to.equal('+33');
    });

    it('starts on the country given as an attribute', async () => {
      const { select, dialCode } = await setup(
        html`<velvet-phone-input country="GB"></velvet-phone-input>`,
      );
      expect(select.value).to.equal('GB');
      expect(dialCode.textContent?.trim()).to.equal('+44');
    });

    it('shows the United States for an unknown country', async () => {
      const { select, dialCode } = await setup(
        html`<velvet-phone-input country="ZZ"></velvet-phone-input>`,
      );
      expect(select.value).to.equal('US');
      expect(dialCode.textContent?.trim()).to.equal('+1');
    });

    it('names the countries in the given locale', async () => {
      const { select } = await setup(html`<velvet-phone-input locale="fr"></velvet-phone-input>`);
      await named(select);
      expect(select.options[0]?.text.trim()).to.equal('+1 États-Unis');
    });

    it('first offers the shown country by its code alone, then names every country after the first paint', async () => {
      // German is asked for by no other test of this page, so its names are not known yet.
      const { select } = await setup(html`<velvet-phone-input locale="de"></velvet-phone-input>`);
      expect([...select.options].map((option) => option.text.trim())).to.deep.equal(['+1']);
      expect(select.value).to.equal('US');
      await named(select);
      expect(select.options[0]?.text.trim()).to.equal('+1 Vereinigte Staaten');
      expect(select.options.length).to.equal(Object.keys(DIAL_CODES).length);
      expect(select.value).to.equal('US');
    });

    it('before the names, offers the shown country only when it is given, and names the countries at once when it is not', async () => {
      // Italian and Dutch are asked for by no other test of this page.
      const values = (select: HTMLSelectElement) => [...select.options].map((o) => o.value);
      const italian = await setup(
        html`<velvet-phone-input locale="it" country="CA" .countries=${['GB', 'CA']}></velvet-phone-input>`,
      );
      expect([...italian.select.options].map((option) => option.text.trim())).to.deep.equal(['+1']);
      expect(italian.select.value).to.equal('CA');
      await named(italian.select);
      expect(values(italian.select)).to.deep.equal(['CA', 'GB']);
      expect(italian.select.value).to.equal('CA');
      // Neither the country set nor the United States is given: the first by name is shown.
      const dutch = await setup(
        html`<velvet-phone-input locale="nl" .countries=${['GB', 'FR']}></velvet-phone-input>`,
      );
      expect(values(dutch.select)).to.deep.equal(['FR', 'GB']);
      expect(dutch.select.options[0]?.text.trim()).to.equal('+33 Frankrijk');
      expect(dutch.select.value).to.equal('FR');
    });

    it('offers only the countries given; every one when none of them is known; none for an empty list', async () => {
      const values = (select: HTMLSelectElement) => [...select.options].map((o) => o.value);
      const { el, select } = await setup(
        html`<velvet-phone-input .countries=${['CA', 'FR']}></velvet-phone-input>`,
      );
      // The United States are not offered: the first country given is shown.
      expect(values(select)).to.deep.equal(['CA', 'FR']);
      expect(select.value).to.equal('CA');
      el.countries = ['XX'];
      await el.updateComplete;
      await named(select);
      expect(select.options.length).to.equal(Object.keys(DIAL_CODES).length);
      el.countries = [];
      await el.updateComplete;
      expect(values(select)).to.deep.equal([]);
    });
  });

  describe('number field', () => {
    it('is a required tel field for autofill, named phone', async () => {
      const { input } = await setup();
      expect(input.type).to.equal('tel');
      expect(input.getAttribute('autocomplete')).to.equal('tel');
      expect(input.name).to.equal('phone');
      expect(input.required).to.equal(true);
      expect(input.placeholder).to.equal('(123) 456-7890');
    });

    it('keeps value as typed', async () => {
      const { el, input } = await setup();
      input.focus();
      await sendKeys({ type: '(213) 373-4253' });
      expect(el.value).to.equal('(213) 373-4253');
      expect(input.value).to.equal('(213) 373-4253');
    });

    it('shows a value that is set', async () => {
      const { el, input } = await setup();
      el.value = '213 373 4253';
      await el.updateComplete;
      expect(input.value).to.equal('213 373 4253');
      el.value = '';
      await el.updateComplete;
      expect(input.value).to.equal('');
    });

    it('takes an autofilled number', async () => {
      const { el, input } = await setup();
      input.value = '+1 213 373 4253';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      expect(el.value).to.equal('+1 213 373 4253');
    });

    it('focus() focuses the field', async () => {
      const { el, input } = await setup();
      el.focus();
      expect(document.activeElement).to.equal(input);
    });

    it('disables the select and the field', async () => {
      const { el, select, input } = await setup();
      el.disabled = true;
      await el.updateComplete;
      expect(select.disabled).to.equal(true);
      expect(input.disabled).to.equal(true);
    });

    it('is seen by an enclosing form', async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form><velvet-phone-input country="GB" value="020 7183 8750"></velvet-phone-input></form>`,
      );
      const data = new FormData(form);
      expect(data.get('phone')).to.equal('020 7183 8750');
      expect(data.get('country')).to.equal('GB');
      expect(form.checkValidity()).to.equal(true);
      form.querySelector('velvet-phone-input')!.value = '';
      await form.querySelector('velvet-phone-input')!.updateComplete;
      expect(form.checkValidity()).to.equal(false);
    });

    it('gives each instance its own ids', async () => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div><velvet-phone-input></velvet-phone-input><velvet-phone-input></velvet-phone-input></div>`,
      );
      const ids = [...wrapper.querySelectorAll('[id]')].map((node) => node.id);
      expect(new Set(ids).size).to.equal(4);
    });
  });
});
