import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { afterEach, beforeEach, describe, it } from '../client/testing/mocha.js';
import './back-button.js';
import type { VelvetBackButton } from './back-button.js';
import { backButtonStyles } from './back-button.styles.js';

function button(el: VelvetBackButton): HTMLButtonElement {
  const found = el.querySelector('button');
  if (!found) throw new Error('no <button> rendered');
  return found;
}

function countBackEvents(el: HTMLElement): { count: number } {
  const seen = { count: 0 };
  el.addEventListener('velvet-back', () => {
    seen.count += 1;
  });
  return seen;
}

describe('<velvet-back-button>', () => {
  let style: HTMLStyleElement;
  beforeEach(() => {
    style = document.createElement('style');
    style.textContent = backButtonStyles;
    document.head.append(style);
  });
  afterEach(() => style.remove());

  it('is accessible', async () => {
    const el = await fixture<VelvetBackButton>(html`<velvet-back-button></velvet-back-button>`);
    await expect(el).to.be.accessible();
  });

  it('renders into its own light DOM, a button named Back with a hidden chevron', async () => {
    const el = await fixture<VelvetBackButton>(html`<velvet-back-button></velvet-back-button>`);
    expect(el.shadowRoot).to.equal(null);
    const back = button(el);
    expect(back.type).to.equal('button');
    expect(back.getAttribute('aria-label')).to.equal('Back');
    expect(back.getAttribute('part')).to.equal('back-button');
    expect(back.querySelector('svg')?.getAttribute('aria-hidden')).to.equal('true');
  });

  it('takes its name from the label property', async () => {
    const el = await fixture<VelvetBackButton>(
      html`<velvet-back-button label="Zurück"></velvet-back-button>`,
    );
    expect(button(el).getAttribute('aria-label')).to.equal('Zurück');
  });

  it('fires one bubbling, composed velvet-back per click', async () => {
    const el = await fixture<VelvetBackButton>(html`<velvet-back-button></velvet-back-button>`);
    const events: CustomEvent[] = [];
    const listener = (event: CustomEvent): void => {
      events.push(event);
    };
    document.body.addEventListener('velvet-back', listener);
    button(el).click();
    document.body.removeEventListener('velvet-back', listener);
    expect(events).to.have.length(1);
    expect(events[0]?.bubbles).to.equal(true);
    expect(events[0]?.composed).to.equal(true);
  });

  it('fires velvet-back on Enter and on Space', async () => {
    const el = await fixture<VelvetBackButton>(html`<velvet-back-button></velvet-back-button>`);
    const seen = countBackEvents(el);
    button(el).focus();
    await sendKeys({ press: 'Enter' });
    expect(seen.count).to.equal(1);
    await sendKeys({ press: 'Space' });
    expect(seen.count).to.equal(2);
  });

  it('is reached with Tab and shows a focus ring in the primary colour', async () => {
    const el = await fixture<VelvetBackButton>(
      html`<div style="--velvet-primary: rgb(1, 2, 3)">
        <input aria-label="before" /><velvet-back-button></velvet-back-button>
      </div>`,
    );
    el.querySelector('input')?.focus();
    await sendKeys({ press: 'Tab' });
    const back = button(el.querySelector('velvet-back-button')!);
    expect(document.activeElement).to.equal(back);
    expect(back.matches(':focus-visible')).to.equal(true);
    expect(getComputedStyle(back).outlineColor).to.equal('rgb(1, 2, 3)');
  });

  it('fires nothing when its properties change', async () => {
    const el = await fixture<VelvetBackButton>(html`<velvet-back-button></velvet-back-button>`);
    const seen = countBackEvents(el);
    el.label = 'Go back';
    await el.updateComplete;
    expect(seen.count).to.equal(0);
  });
});
