import { expect, fixture, html } from '@open-wc/testing';
import { afterEach, beforeEach, describe, it } from '../client/testing/mocha.js';
import './alert.js';
import type { VelvetAlert } from './alert.js';
import { alertStyles } from './alert.styles.js';

function region(el: VelvetAlert): HTMLElement {
  const found = el.querySelector<HTMLElement>('.velvet-alert-region');
  if (!found) throw new Error('no live region rendered');
  return found;
}

describe('<velvet-alert>', () => {
  let style: HTMLStyleElement;
  beforeEach(() => {
    style = document.createElement('style');
    style.textContent = alertStyles;
    document.head.append(style);
  });
  afterEach(() => style.remove());

  for (const variant of ['error', 'warning', 'success'] as const) {
    it(`is accessible as ${variant}`, async () => {
      const el = await fixture<VelvetAlert>(
        html`<velvet-alert
          variant=${variant}
          text="Something to say. See https://example.com/help."
        ></velvet-alert>`,
      );
      await expect(el).to.be.accessible();
    });
  }

  it('is accessible and shows nothing when the text is empty', async () => {
    const el = await fixture<VelvetAlert>(html`<velvet-alert></velvet-alert>`);
    await expect(el).to.be.accessible();
    expect(el.querySelector('.velvet-alert')).to.equal(null);
    expect(el.textContent?.trim()).to.equal('');
    expect(el.getBoundingClientRect().height).to.equal(0);
  });

  it('is an assertive alert for errors and a polite status otherwise', async () => {
    const el = await fixture<VelvetAlert>(
      html`<velvet-alert text="Invalid passcode, please try again."></velvet-alert>`,
    );
    expect(el.variant).to.equal('error');
    expect(region(el).getAttribute('role')).to.equal('alert');
    el.variant = 'warning';
    await el.updateComplete;
    expect(region(el).getAttribute('role')).to.equal('status');
    el.variant = 'success';
    await el.updateComplete;
    expect(region(el).getAttribute('role')).to.equal('status');
  });

  it('gives the text to screen readers and hides the icon', async () => {
    const el = await fixture<VelvetAlert>(
      html`<velvet-alert variant="success" text="Code sent"></velvet-alert>`,
    );
    expect(region(el).textContent?.trim()).to.equal('Code sent');
    const icon = el.querySelector('svg');
    expect(icon?.getAttribute('aria-hidden')).to.equal('true');
    expect(el.querySelector('.velvet-alert--success')).to.not.equal(null);
  });

  it('keeps the live region when the text arrives later, so it is announced', async () => {
    const el = await fixture<VelvetAlert>(html`<velvet-alert></velvet-alert>`);
    const before = region(el);
    el.text = 'Invalid email address, please try again.';
    await el.updateComplete;
    expect(region(el)).to.equal(before);
    expect(before.textContent?.trim()).to.equal('Invalid email address, please try again.');
  });

  it('renders an unknown variant as an error', async () => {
    const el = await fixture<VelvetAlert>(
      html`<velvet-alert variant="loud" text="x"></velvet-alert>`,
    );
    expect(region(el).getAttribute('role')).to.equal('alert');
    expect(el.querySelector('.velvet-alert--error')).to.not.equal(null);
  });

  it('turns http(s) URLs into links that open in a new tab', async () => {
    const el = await fixture<VelvetAlert>(
      html`<velvet-alert
        text="Blocked. See https://example.com/docs?a=1&b=2, or http://help.example.org."
      ></velvet-alert>`,
    );
    const links = [...el.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).to.deep.equal([
      'https://example.com/docs?a=1&b=2',
      'http://help.example.org',
    ]);
    expect(links.map((link) => link.textContent)).to.deep.equal([
      'https://example.com/docs?a=1&b=2',
      'http://help.example.org',
    ]);
    for (const link of links) {
      expect(link.target).to.equal('_blank');
      expect(link.rel).to.equal('noopener noreferrer');
    }
    expect(region(el).textContent?.replace(/\s+/g, ' ').trim()).to.equal(
      'Blocked. See https://example.com/docs?a=1&b=2, or http://help.example.org.',
    );
  });

  it('never parses the text as HTML', async () => {
    const text = '<img src=x onerror="window.__velvetXss=1"><b>bold</b> javascript:alert(1)';
    const el = await fixture<VelvetAlert>(html`<velvet-alert .text=${text}></velvet-alert>`);
    expect(el.querySelector('img, b, a')).to.equal(null);
    expect(region(el).textContent?.trim()).to.equal(text);
  });

  it('fires no event when its properties change', async () => {
    const el = await fixture<VelvetAlert>(html`<velvet-alert></velvet-alert>`);
    const fired: string[] = [];
    const original = el.dispatchEvent.bind(el);
    el.dispatchEvent = (event: Event): boolean => {
      fired.push(event.type);
      return original(event);
    };
    el.text = 'Hello';
    el.variant = 'warning';
    await el.updateComplete;
    expect(fired).to.deep.equal([]);
  });
});
