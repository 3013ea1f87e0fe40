import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { render } from 'lit';
import { afterEach, beforeEach, describe, it } from '../client/testing/mocha.js';
import './collapsible.js';
import type { ToggleEventDetail, VelvetCollapsible } from './collapsible.js';
import { collapsibleStyles } from './collapsible.styles.js';

function summary(el: VelvetCollapsible): HTMLButtonElement {
  const found = el.querySelector<HTMLButtonElement>('.velvet-collapsible__summary');
  if (!found) throw new Error('no summary button rendered');
  return found;
}

function region(el: VelvetCollapsible): HTMLElement {
  const found = el.querySelector<HTMLElement>('.velvet-collapsible__content');
  if (!found) throw new Error('no content region rendered');
  return found;
}

function recordToggles(el: HTMLElement): ToggleEventDetail[] {
  const details: ToggleEventDetail[] = [];
  el.addEventListener('velvet-toggle', (event) => details.push(event.detail));
  return details;
}

async function faq(open = false): Promise<VelvetCollapsible> {
  return fixture<VelvetCollapsible>(
    html`<velvet-collapsible summary="Is this a wedding?" ?open=${open}
      ><p>No, it is a party.</p>
      <a href="#rsvp">RSVP</a></velvet-collapsible
    >`,
  );
}

describe('<velvet-collapsible>', () => {
  let style: HTMLStyleElement;
  beforeEach(() => {
    style = document.createElement('style');
    style.textContent = collapsibleStyles;
    document.head.append(style);
  });
  afterEach(() => style.remove());

  it('is accessible closed', async () => {
    await expect(await faq()).to.be.accessible();
  });

  it('is accessible open', async () => {
    await expect(await faq(true)).to.be.accessible();
  });

  it('moves its child nodes into the region, in order, with nothing left outside', async () => {
    const el = await faq(true);
    expect(region(el).querySelector('p')?.textContent).to.equal('No, it is a party.');
    expect(region(el).querySelector('a')?.textContent).to.equal('RSVP');
    const outside = [...el.childNodes].filter(
      (node) =>
        node.nodeType !== Node.COMMENT_NODE && !(node as Element).matches?.('.velvet-collapsible'),
    );
    expect(outside).to.deep.equal([]);
    expect(el.querySelector('.velvet-collapsible')?.firstElementChild).to.equal(summary(el));
  });

  it('is a button with aria-expanded that controls a region named by it', async () => {
    const el = await faq();
    const button = summary(el);
    expect(button.type).to.equal('button');
    expect(button.textContent?.trim()).to.equal('Is this a wedding?');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(button.getAttribute('aria-controls')).to.equal(region(el).id);
    expect(region(el).getAttribute('role')).to.equal('region');
    expect(region(el).getAttribute('aria-labelledby')).to.equal(button.id);
    expect(region(el).hidden).to.equal(true);
    expect(region(el).getBoundingClientRect().height).to.equal(0);
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).to.equal('true');
  });

  it('gives each instance its own ids', async () => {
    const wrapper = await fixture<HTMLElement>(
      html`<div>
        <velvet-collapsible summary="One">1</velvet-collapsible>
        <velvet-collapsible summary="Two">2</velvet-collapsible>
      </div>`,
    );
    const [one, two] = [...wrapper.querySelectorAll('velvet-collapsible')];
    await one?.updateComplete;
    await two?.updateComplete;
    expect(region(one!).id).to.not.equal(region(two!).id);
    expect(summary(one!).id).to.not.equal(summary(two!).id);
  });

  it('opens and closes on click and fires velvet-toggle each time', async () => {
    const el = await faq();
    const toggles = recordToggles(el);
    summary(el).click();
    await el.updateComplete;
    expect(el.open).to.equal(true);
    expect(el.hasAttribute('open')).to.equal(true);
    expect(summary(el).getAttribute('aria-expanded')).to.equal('true');
    expect(region(el).hidden).to.equal(false);
    summary(el).click();
    await el.updateComplete;
    expect(el.open).to.equal(false);
    expect(region(el).hidden).to.equal(true);
    expect(toggles).to.deep.equal([{ open: true }, { open: false }]);
  });

  it('fires a bubbling, composed event', async () => {
    const el = await faq();
    let event: CustomEvent<ToggleEventDetail> | undefined;
    el.parentElement?.addEventListener('velvet-toggle', (e) => {
      event = e;
    });
    summary(el).click();
    expect(event?.bubbles).to.equal(true);
    expect(event?.composed).to.equal(true);
  });

  it('toggles with Enter and Space after a Tab', async () => {
    const el = await faq();
    const toggles = recordToggles(el);
    const before = document.createElement('input');
    before.setAttribute('aria-label', 'before');
    el.before(before);
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(summary(el));
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.open).to.equal(true);
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(el.open).to.equal(false);
    expect(toggles).to.deep.equal([{ open: true }, { open: false }]);
    before.remove();
  });

  it('reaches the links inside with Tab only while open', async () => {
    const el = await faq();
    summary(el).focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.not.equal(region(el).querySelector('a'));
    summary(el).focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(region(el).querySelector('a'));
  });

  it('opens and closes without an event when open is set by code', async () => {
    const el = await faq();
    const toggles = recordToggles(el);
    el.open = true;
    await el.updateComplete;
    expect(region(el).hidden).to.equal(false);
    expect(summary(el).getAttribute('aria-expanded')).to.equal('true');
    el.open = false;
    await el.updateComplete;
    expect(toggles).to.deep.equal([]);
  });

  it('adopts nodes appended later and keeps content a parent template updates', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const view = (answer: string): unknown =>
      html`<velvet-collapsible summary="Dress code?" open>${answer}</velvet-collapsible>`;
    render(view('Disco.'), host);
    const el = host.querySelector('velvet-collapsible')!;
    await el.updateComplete;
    expect(region(el).textContent).to.equal('Disco.');
    render(view('Sequins.'), host);
    expect(region(el).textContent).to.equal('Sequins.');

    const late = document.createElement('p');
    late.textContent = 'Shoes you can dance in.';
    el.append(late);
    await Promise.resolve();
    expect(late.parentElement).to.equal(region(el));
    host.remove();
  });

  it('turns the chevron while open, without a transition under reduced motion', async () => {
    const el = await faq(true);
    const icon = el.querySelector<SVGElement>('.velvet-collapsible__icon')!;
    expect(new DOMMatrix(getComputedStyle(icon).transform).a).to.be.closeTo(-1, 1e-6);
    expect(getComputedStyle(icon).transitionDuration).to.equal('0.2s');
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      expect(getComputedStyle(icon).transitionDuration).to.equal('0s');
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });

  it('works inside a shadow root, as in <velvet-login>', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const container = document.createElement('div');
    root.append(container);
    render(
      html`<velvet-collapsible summary="Gifts?"><p>No registry.</p></velvet-collapsible>`,
      container,
    );
    const el = root.querySelector('velvet-collapsible')!;
    await el.updateComplete;
    const controlled = root.getElementById(summary(el).getAttribute('aria-controls')!);
    expect(controlled).to.equal(region(el));
    expect(region(el).textContent?.trim()).to.equal('No registry.');
    summary(el).focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.open).to.equal(true);
    await expect(host).to.be.accessible();
    host.remove();
  });
});
