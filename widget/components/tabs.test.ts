import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { render } from 'lit';
import { afterEach, beforeEach, describe, it } from '../client/testing/mocha.js';
import './tabs.js';
import type { TabChangeEventDetail, TabItem, VelvetTabs } from './tabs.js';
import { tabsStyles } from './tabs.styles.js';

const METHODS: readonly TabItem[] = [
  { id: 'sms', label: 'Text' },
  { id: 'whatsapp', label: 'WhatsApp' },
  { id: 'email', label: 'Email' },
];

function tabButtons(el: VelvetTabs): HTMLButtonElement[] {
  return [...el.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
}

function selectedLabel(el: VelvetTabs): string | undefined {
  return tabButtons(el)
    .find((tab) => tab.getAttribute('aria-selected') === 'true')
    ?.textContent?.trim();
}

function recordChanges(el: HTMLElement): string[] {
  const ids: string[] = [];
  el.addEventListener('velvet-tab-change', (event: CustomEvent<TabChangeEventDetail>) =>
    ids.push(event.detail.id),
  );
  return ids;
}

/** The tabs with their three panels, as the widget renders them. */
async function methodTabs(selected = ''): Promise<VelvetTabs> {
  const wrapper = await fixture<HTMLElement>(
    html`<div>
      <velvet-tabs .tabs=${METHODS} selected=${selected} panel-id-prefix="panel-"></velvet-tabs>
      ${METHODS.map(
        (tab) =>
          html`<div id="panel-${tab.id}" role="tabpanel">
            ${tab.label} form
          </div>`,
      )}
    </div>`,
  );
  const el = wrapper.querySelector('velvet-tabs')!;
  await el.updateComplete;
  return el;
}

async function press(el: VelvetTabs, key: string): Promise<void> {
  await sendKeys({ press: key });
  await el.updateComplete;
}

describe('<velvet-tabs>', () => {
  let style: HTMLStyleElement;
  beforeEach(() => {
    style = document.createElement('style');
    style.textContent = tabsStyles;
    document.head.append(style);
  });
  afterEach(() => style.remove());

  it('is accessible with the first tab selected', async () => {
    const el = await methodTabs();
    await expect(el.parentElement!).to.be.accessible();
  });

  it('is accessible with another tab selected', async () => {
    const el = await methodTabs('email');
    await expect(el.parentElement!).to.be.accessible();
  });

  it('renders a named tablist of tabs wired to their panels', async () => {
    const el = await methodTabs();
    const list = el.querySelector('[role="tablist"]');
    expect(list?.getAttribute('aria-label')).to.equal('Sign-in method');
    expect(tabButtons(el).map((tab) => tab.textContent?.trim())).to.deep.equal([
      'Text',
      'WhatsApp',
      'Email',
    ]);
    expect(tabButtons(el).map((tab) => tab.getAttribute('aria-controls'))).to.deep.equal([
      'panel-sms',
      'panel-whatsapp',
      'panel-email',
    ]);
    expect(tabButtons(el).map((tab) => tab.id)).to.deep.equal([
      'velvet-tab-sms',
      'velvet-tab-whatsapp',
      'velvet-tab-email',
    ]);
    expect(tabButtons(el).every((tab) => tab.type === 'button')).to.equal(true);
  });

  it('selects the first tab by default, with a roving tabindex', async () => {
    const el = await methodTabs();
    expect(el.selected).to.equal('sms');
    expect(tabButtons(el).map((tab) => tab.getAttribute('aria-selected'))).to.deep.equal([
      'true',
      'false',
      'false',
    ]);
    expect(tabButtons(el).map((tab) => tab.tabIndex)).to.deep.equal([0, -1, -1]);
  });

  it('falls back to the first tab for an unknown selected id', async () => {
    const el = await methodTabs('fax');
    expect(el.selected).to.equal('sms');
    expect(selectedLabel(el)).to.equal('Text');
  });

  it('renders nothing with one tab or none', async () => {
    const one = await fixture<VelvetTabs>(
      html`<velvet-tabs .tabs=${[{ id: 'sms', label: 'Text' }]}></velvet-tabs>`,
    );
    expect(one.children).to.have.length(0);
    expect(one.textContent?.trim()).to.equal('');
    const none = await fixture<VelvetTabs>(html`<velvet-tabs></velvet-tabs>`);
    expect(none.children).to.have.length(0);
  });

  it('is entered with Tab on the selected tab only', async () => {
    const el = await methodTabs('whatsapp');
    const before = document.createElement('button');
    before.textContent = 'before';
    el.before(before);
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement?.textContent?.trim()).to.equal('WhatsApp');
    await sendKeys({ press: 'Tab' });
    expect(tabButtons(el)).to.not.include(document.activeElement);
    before.remove();
  });

  it('moves and selects with ArrowRight, wrapping from the last to the first', async () => {
    const el = await methodTabs();
    const changes = recordChanges(el);
    tabButtons(el)[0]!.focus();
    await press(el, 'ArrowRight');
    expect(selectedLabel(el)).to.equal('WhatsApp');
    expect(document.activeElement).to.equal(tabButtons(el)[1]);
    expect(tabButtons(el).map((tab) => tab.tabIndex)).to.deep.equal([-1, 0, -1]);
    await press(el, 'ArrowRight');
    await press(el, 'ArrowRight');
    expect(selectedLabel(el)).to.equal('Text');
    expect(document.activeElement).to.equal(tabButtons(el)[0]);
    expect(changes).to.deep.equal(['whatsapp', 'email', 'sms']);
  });

  it('moves and selects with ArrowLeft, wrapping from the first to the last', async () => {
    const el = await methodTabs();
    const changes = recordChanges(el);
    tabButtons(el)[0]!.focus();
    await press(el, 'ArrowLeft');
    expect(selectedLabel(el)).to.equal('Email');
    expect(document.activeElement).to.equal(tabButtons(el)[2]);
    await press(el, 'ArrowLeft');
    expect(selectedLabel(el)).to.equal('WhatsApp');
    expect(changes).to.deep.equal(['email', 'whatsapp']);
  });

  it('jumps to the last tab with End and the first with Home', async () => {
    const el = await methodTabs();
    const changes = recordChanges(el);
    tabButtons(el)[0]!.focus();
    await press(el, 'End');
    expect(selectedLabel(el)).to.equal('Email');
    expect(document.activeElement).to.equal(tabButtons(el)[2]);
    await press(el, 'Home');
    expect(selectedLabel(el)).to.equal('Text');
    expect(document.activeElement).to.equal(tabButtons(el)[0]);
    await press(el, 'Home');
    expect(changes).to.deep.equal(['email', 'sms']);
  });

  it('reverses the arrows in right-to-left text', async () => {
    const el = await methodTabs();
    el.setAttribute('dir', 'rtl');
    tabButtons(el)[0]!.focus();
    await press(el, 'ArrowLeft');
    expect(selectedLabel(el)).to.equal('WhatsApp');
  });

  it('leaves other keys alone', async () => {
    const el = await methodTabs();
    const changes = recordChanges(el);
    tabButtons(el)[0]!.focus();
    await press(el, 'ArrowDown');
    await press(el, 'a');
    expect(selectedLabel(el)).to.equal('Text');
    expect(changes).to.deep.equal([]);
  });

  it('selects a clicked tab and fires velvet-tab-change, bubbling and composed', async () => {
    const el = await methodTabs();
    let event: CustomEvent<TabChangeEventDetail> | undefined;
    el.parentElement!.addEventListener('velvet-tab-change', (e) => {
      event = e;
    });
    tabButtons(el)[2]!.click();
    await el.updateComplete;
    expect(el.selected).to.equal('email');
    expect(selectedLabel(el)).to.equal('Email');
    expect(event?.detail).to.deep.equal({ id: 'email' });
    expect(event?.bubbles).to.equal(true);
    expect(event?.composed).to.equal(true);
  });

  it('selects a focused tab with Enter and Space', async () => {
    const el = await methodTabs();
    const changes = recordChanges(el);
    tabButtons(el)[1]!.focus();
    await press(el, 'Enter');
    expect(selectedLabel(el)).to.equal('WhatsApp');
    tabButtons(el)[2]!.focus();
    await press(el, 'Space');
    expect(selectedLabel(el)).to.equal('Email');
    expect(changes).to.deep.equal(['whatsapp', 'email']);
  });

  it('fires nothing when the selected tab is clicked again', async () => {
    const el = await methodTabs();
    const changes = recordChanges(el);
    tabButtons(el)[0]!.click();
    expect(changes).to.deep.equal([]);
  });

  it('fires nothing when selected or tabs change by code', async () => {
    const el = await methodTabs();
    const changes = recordChanges(el);
    el.selected = 'email';
    await el.updateComplete;
    expect(selectedLabel(el)).to.equal('Email');
    el.tabs = METHODS.slice(0, 2);
    await el.updateComplete;
    expect(el.selected).to.equal('sms');
    expect(changes).to.deep.equal([]);
  });

  it('dims the tabs that are not selected', async () => {
    const el = await methodTabs();
    const [selected, other] = tabButtons(el);
    expect(getComputedStyle(selected!).color).to.equal('rgb(25, 48, 61)');
    expect(getComputedStyle(other!).color).to.equal('rgb(92, 114, 125)');
  });

  it('works inside a shadow root, as in <velvet-login>', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const sheet = document.createElement('style');
    sheet.textContent = tabsStyles;
    root.append(sheet);
    const container = document.createElement('div');
    root.append(container);
    render(
      html`<velvet-tabs .tabs=${METHODS}></velvet-tabs>
        ${METHODS.map(
          (tab) => html`<div id="velvet-tabpanel-${tab.id}" role="tabpanel">${tab.label}</div>`,
        )}`,
      container,
    );
    const el = root.querySelector('velvet-tabs')!;
    await el.updateComplete;
    expect(root.getElementById(tabButtons(el)[0]!.getAttribute('aria-controls')!)).to.not.equal(
      null,
    );
    expect(getComputedStyle(tabButtons(el)[1]!).color).to.equal('rgb(92, 114, 125)');
    tabButtons(el)[0]!.focus();
    await press(el, 'ArrowRight');
    expect(root.activeElement).to.equal(tabButtons(el)[1]);
    expect(el.selected).to.equal('whatsapp');
    await expect(host).to.be.accessible();
    host.remove();
  });
});
