import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { FakeClock } from '../client/testing/fake-clock.js';
import { afterEach, beforeEach, describe, it } from '../client/testing/mocha.js';
import {
  TOAST_DURATIONS_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  type Toast,
  ToastStore,
  type ToastType,
} from './toast-store.js';
import './toaster.js';
import type { VelvetToaster } from './toaster.js';
import { toasterStyles } from './toaster.styles.js';

// The spec's numbers (section 9), spelled out so a wrong constant fails these tests.
const FOUR_SECONDS = 4000;
const TWO_SECONDS = 2000;
const ONE_SECOND = 1000;
const AT_MOST = 20;

function find(store: ToastStore, id: string): Toast | undefined {
  return store.toasts.find((toast) => toast.id === id);
}

describe('ToastStore', () => {
  it('has the spec’s durations, limit and removal delay', () => {
    expect(TOAST_DURATIONS_MS).to.deep.equal({
      blank: FOUR_SECONDS,
      error: FOUR_SECONDS,
      success: TWO_SECONDS,
      loading: Number.POSITIVE_INFINITY,
      custom: FOUR_SECONDS,
    });
    expect(TOAST_LIMIT).to.equal(AT_MOST);
    expect(TOAST_REMOVE_DELAY_MS).to.equal(ONE_SECOND);
  });

  const fourSecondKinds: readonly ToastType[] = ['blank', 'error', 'custom'];
  for (const type of fourSecondKinds) {
    it(`shows a ${type} toast until 3999 ms, hides it at 4000, removes it at 5000`, async () => {
      const clock = new FakeClock();
      const store = new ToastStore(clock);
      const id = store.toast('Email resent', { type });
      expect(find(store, id)).to.include({ type, message: 'Email resent', visible: true });
      await clock.tick(FOUR_SECONDS - 1);
      expect(find(store, id)?.visible).to.equal(true);
      await clock.tick(1);
      expect(find(store, id)?.visible).to.equal(false);
      await clock.tick(ONE_SECOND - 1);
      expect(find(store, id)?.visible).to.equal(false);
      await clock.tick(1);
      expect(find(store, id)).to.equal(undefined);
      expect(clock.pendingDelays()).to.deep.equal([]);
    });
  }

  it('shows a success toast until 1999 ms and hides it at 2000 ms', async () => {
    const clock = new FakeClock();
    const store = new ToastStore(clock);
    const id = store.success('Code sent');
    await clock.tick(TWO_SECONDS - 1);
    expect(find(store, id)?.visible).to.equal(true);
    await clock.tick(1);
    expect(find(store, id)?.visible).to.equal(false);
    await clock.tick(ONE_SECOND);
    expect(store.toasts).to.deep.equal([]);
  });

  it('keeps a loading toast until it is dismissed', async () => {
    const clock = new FakeClock();
    const store = new ToastStore(clock);
    const id = store.loading('Sending…');
    expect(clock.pendingDelays()).to.deep.equal([]);
    await clock.tick(24 * 60 * 60 * 1000);
    expect(find(store, id)?.visible).to.equal(true);
    store.dismiss(id);
    expect(find(store, id)?.visible).to.equal(false);
    await clock.tick(ONE_SECOND);
    expect(find(store, id)).to.equal(undefined);
  });

  it('removes a dismissed toast exactly 1000 ms after dismissal, once', async () => {
    const clock = new FakeClock();
    const store = new ToastStore(clock);
    const id = store.blank('Hello');
    await clock.tick(1500);
    store.dismiss(id);
    expect(find(store, id)?.visible).to.equal(false);
    expect(clock.pendingDelays()).to.deep.equal([ONE_SECOND]);
    await clock.tick(500);
    store.dismiss(id);
    expect(clock.pendingDelays()).to.deep.equal([500]);
    await clock.tick(499);
    expect(find(store, id)).to.not.equal(undefined);
    await clock.tick(1);
    expect(find(store, id)).to.equal(undefined);
  });

  it('lets the 21st toast evict the first', async () => {
    const clock = new FakeClock();
    const store = new ToastStore(clock);
    const ids = Array.from({ length: AT_MOST + 1 }, (_, i) => store.loading(`Toast ${i + 1}`));
    expect(store.toasts).to.have.length(AT_MOST);
    expect(find(store, ids[0]!)).to.equal(undefined);
    expect(store.toasts.map((toast) => toast.message)).to.deep.equal(
      Array.from({ length: AT_MOST }, (_, i) => `Toast ${i + 2}`),
    );
    store.blank('Toast 22');
    expect(find(store, ids[1]!)).to.equal(undefined);
  });

  it('clears the evicted toast’s timers', async () => {
    const clock = new FakeClock();
    const store = new ToastStore(clock);
    for (let i = 0; i <= AT_MOST; i += 1) store.blank(`Toast ${i + 1}`);
    expect(clock.pendingDelays()).to.have.length(AT_MOST);
  });

  it('updates a toast in place through its id and restarts its timer', async () => {
    const clock = new FakeClock();
    const store = new ToastStore(clock);
    const id = store.loading('Sending…');
    store.blank('Another');
    await clock.tick(3000);
    expect(store.success('Sent', { id })).to.equal(id);
    expect(store.toasts.map((toast) => toast.message)).to.deep.equal(['Sent', 'Another']);
    expect(find(store, id)).to.include({ type: 'success', duration: TWO_SECONDS, visible: true });
    await clock.tick(TWO_SECONDS - 1);
    expect(find(store, id)?.visible).to.equal(true);
    await clock.tick(1);
    expect(find(store, id)?.visible).to.equal(false);
  });

  it('brings a dismissed toast back when it is shown again through its id', async () => {
    const clock = new FakeClock();
    const store = new ToastStore(clock);
    const id = store.blank('Once');
    store.dismiss(id);
    store.blank('Twice', { id });
    await clock.tick(ONE_SECOND);
    expect(find(store, id)).to.include({ message: 'Twice', visible: true });
  });

  it('honours a duration option, Infinity included', async () => {
    const clock = new FakeClock();
    const store = new ToastStore(clock);
    const short = store.toast('Short', { duration: 500 });
    const forever = store.error('Forever', { duration: Number.POSITIVE_INFINITY });
    const invalid = store.success('Invalid', { duration: -1 });
    expect(find(store, short)?.type).to.equal('blank');
    await clock.tick(500);
    expect(find(store, short)?.visible).to.equal(false);
    await clock.tick(TWO_SECONDS - 500);
    expect(find(store, invalid)?.visible).to.equal(false);
    await clock.tick(60_000);
    expect(find(store, forever)?.visible).to.equal(true);
  });

  it('dismisses and removes every toast when given no id', async () => {
    const clock = new FakeClock();
    const store = new ToastStore(clock);
    store.loading('One');
    store.blank('Two');
    store.dismiss();
    expect(store.toasts.map((toast) => toast.visible)).to.deep.equal([false, false]);
    store.success('Three');
    store.remove();
    expect(store.toasts).to.deep.equal([]);
    expect(clock.pendingDelays()).to.deep.equal([]);
  });

  it('removes at once with remove(id) and cancels its timers', async () => {
    const clock = new FakeClock();
    const store = new ToastStore(clock);
    const id = store.blank('Gone');
    store.remove(id);
    expect(store.toasts).to.deep.equal([]);
    expect(clock.pendingDelays()).to.deep.equal([]);
  });

  it('pauses the countdowns and resumes them with the time left', async () => {
    const clock = new FakeClock();
    const store = new ToastStore(clock);
    const id = store.blank('Hover me');
    await clock.tick(1000);
    store.pause();
    const during = store.success('While paused');
    await clock.tick(60_000);
    expect(find(store, id)?.visible).to.equal(true);
    expect(find(store, during)?.visible).to.equal(true);
    store.resume();
    await clock.tick(TWO_SECONDS - 1);
    expect(find(store, during)?.visible).to.equal(true);
    await clock.tick(1);
    expect(find(store, during)?.visible).to.equal(false);
    await clock.tick(999);
    expect(find(store, id)?.visible).to.equal(true);
    await clock.tick(1);
    expect(find(store, id)?.visible).to.equal(false);
  });

  it('tells subscribers of each change until they unsubscribe', () => {
    const store = new ToastStore(new FakeClock());
    const seen: number[] = [];
    const unsubscribe = store.subscribe((toasts) => seen.push(toasts.length));
    const id = store.blank('One');
    store.dismiss(id);
    unsubscribe();
    store.remove(id);
    expect(seen).to.deep.equal([1, 1]);
    expect(store.toasts).to.deep.equal([]);
  });

  it('gives each toast its own id and records when it was made', () => {
    const clock = new FakeClock();
    const store = new ToastStore(clock);
    const a = store.blank('A');
    const b = store.blank('B');
    expect(a).to.not.equal(b);
    expect(find(store, a)?.createdAt).to.equal(clock.now());
  });
});

describe('<velvet-toaster>', () => {
  let style: HTMLStyleElement;
  let clock: FakeClock;
  let store: ToastStore;

  beforeEach(() => {
    style = document.createElement('style');
    style.textContent = toasterStyles;
    document.head.append(style);
    clock = new FakeClock();
    store = new ToastStore(clock);
  });
  afterEach(async () => {
    style.remove();
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  async function toaster(): Promise<VelvetToaster> {
    return fixture<VelvetToaster>(html`<velvet-toaster .store=${store}></velvet-toaster>`);
  }

  function toastElements(el: VelvetToaster): HTMLElement[] {
    return [...el.querySelectorAll<HTMLElement>('.velvet-toast')];
  }

  function toastElement(el: VelvetToaster, id: string): HTMLElement | null {
    return el.querySelector<HTMLElement>(`.velvet-toast[data-toast-id="${id}"]`);
  }

  async function tick(el: VelvetToaster, ms: number): Promise<void> {
    await clock.tick(ms);
    await el.updateComplete;
  }

  it('is accessible with no toast', async () => {
    await expect(await toaster()).to.be.accessible();
  });

  for (const type of ['blank', 'error', 'success', 'loading', 'custom'] as const) {
    it(`is accessible showing a ${type} toast`, async () => {
      const el = await toaster();
      el.toast(`A ${type} toast`, { type });
      await el.updateComplete;
      await expect(el).to.be.accessible();
    });
  }

  it('is accessible with a dismissed toast on its way out', async () => {
    const el = await toaster();
    el.dismiss(el.blank('Leaving'));
    el.blank('Staying');
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('is a named region whose toasts are announced politely, errors assertively', async () => {
    const el = await toaster();
    const region = el.querySelector('[role="region"]');
    expect(region?.getAttribute('aria-label')).to.equal('Notifications');
    const live = el.querySelector('[aria-live]');
    expect(live?.getAttribute('aria-live')).to.equal('polite');
    el.success('Code sent');
    el.error('Unable to contact our servers.');
    await el.updateComplete;
    const [error, success] = toastElements(el);
    expect(live?.contains(error!)).to.equal(true);
    expect(error?.querySelector('[role="alert"]')?.textContent?.trim()).to.equal(
      'Unable to contact our servers.',
    );
    expect(success?.querySelector('[role="alert"]')).to.equal(null);
    expect(success?.querySelector('.velvet-toast__message')?.textContent?.trim()).to.equal(
      'Code sent',
    );
    expect(success?.querySelector('svg')?.getAttribute('aria-hidden')).to.equal('true');
  });

  it('shows the newest toast on top', async () => {
    const el = await toaster();
    el.blank('First');
    el.blank('Second');
    await el.updateComplete;
    expect(toastElements(el).map((toast) => toast.textContent?.trim())).to.deep.equal([
      'Second',
      'First',
    ]);
  });

  it('has a close button named Dismiss on each toast', async () => {
    const el = await toaster();
    el.blank('One');
    el.loading('Two');
    await el.updateComplete;
    const buttons = [...el.querySelectorAll<HTMLButtonElement>('.velvet-toast__close')];
    expect(buttons.map((button) => button.getAttribute('aria-label'))).to.deep.equal([
      'Dismiss',
      'Dismiss',
    ]);
    expect(buttons.every((button) => button.type === 'button')).to.equal(true);
  });

  it('keeps a blank toast visible at 3999 ms, hides it at 4000, removes it at 5000', async () => {
    const el = await toaster();
    const id = el.blank('Email resent');
    await el.updateComplete;
    await tick(el, FOUR_SECONDS - 1);
    expect(toastElement(el, id)?.dataset.visible).to.equal('true');
    await tick(el, 1);
    const leaving = toastElement(el, id);
    expect(leaving?.dataset.visible).to.equal('false');
    expect(leaving?.getAttribute('aria-hidden')).to.equal('true');
    expect(leaving?.inert).to.equal(true);
    await tick(el, ONE_SECOND - 1);
    expect(toastElement(el, id)).to.not.equal(null);
    await tick(el, 1);
    expect(toastElement(el, id)).to.equal(null);
  });

  it('keeps a success toast visible at 1999 ms and hides it at 2000 ms', async () => {
    const el = await toaster();
    const id = el.success('Code sent');
    await tick(el, TWO_SECONDS - 1);
    expect(toastElement(el, id)?.dataset.visible).to.equal('true');
    await tick(el, 1);
    expect(toastElement(el, id)?.dataset.visible).to.equal('false');
  });

  it('keeps a loading toast', async () => {
    const el = await toaster();
    const id = el.loading('Verifying passcode...');
    await tick(el, 10 * 60 * 1000);
    expect(toastElement(el, id)?.dataset.visible).to.equal('true');
  });

  it('fades a dismissed toast out and removes it 1000 ms after the close button', async () => {
    const el = await toaster();
    const id = el.loading('Sending');
    await el.updateComplete;
    toastElement(el, id)?.querySelector<HTMLButtonElement>('.velvet-toast__close')?.click();
    await el.updateComplete;
    const leaving = toastElement(el, id)!;
    expect(leaving.dataset.visible).to.equal('false');
    expect(getComputedStyle(leaving).transitionProperty).to.include('opacity');
    expect(getComputedStyle(leaving).transitionDuration).to.not.match(/^0s(, 0s)*$/);
    await tick(el, ONE_SECOND - 1);
    expect(toastElement(el, id)).to.not.equal(null);
    await tick(el, 1);
    expect(toastElement(el, id)).to.equal(null);
  });

  it('dismisses a toast from the keyboard with Enter and Space', async () => {
    const el = await toaster();
    const first = el.loading('First');
    const second = el.loading('Second');
    await el.updateComplete;
    toastElement(el, first)?.querySelector('button')?.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(toastElement(el, first)?.dataset.visible).to.equal('false');
    toastElement(el, second)?.querySelector('button')?.focus();
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(toastElement(el, second)?.dataset.visible).to.equal('false');
  });

  it('shows at most 20 toasts: the 21st evicts the first', async () => {
    const el = await toaster();
    const ids = Array.from({ length: AT_MOST + 1 }, (_, i) => el.loading(`Toast ${i + 1}`));
    await el.updateComplete;
    expect(toastElements(el)).to.have.length(AT_MOST);
    expect(toastElement(el, ids[0]!)).to.equal(null);
    expect(toastElement(el, ids[AT_MOST]!)).to.not.equal(null);
  });

  it('does not dismiss toasts while the pointer is over them', async () => {
    const el = await toaster();
    const id = el.blank('Read me slowly');
    await el.updateComplete;
    const box = toastElement(el, id)!.getBoundingClientRect();
    await sendMouse({
      type: 'move',
      position: [Math.round(box.x + 10), Math.round(box.y + box.height / 2)],
    });
    try {
      await tick(el, 10_000);
      expect(toastElement(el, id)?.dataset.visible).to.equal('true');
      await sendMouse({
        type: 'move',
        position: [Math.round(box.x + 10), Math.round(box.bottom + 200)],
      });
      await tick(el, FOUR_SECONDS - 1);
      expect(toastElement(el, id)?.dataset.visible).to.equal('true');
      await tick(el, 1);
      expect(toastElement(el, id)?.dataset.visible).to.equal('false');
    } finally {
      await resetMouse();
    }
  });

  it('does not dismiss toasts while keyboard focus is on one', async () => {
    const el = await toaster();
    const id = el.blank('Focus me');
    el.loading('Other');
    await el.updateComplete;
    const outside = document.createElement('button');
    outside.textContent = 'outside';
    document.body.append(outside);
    toastElement(el, id)?.querySelector('button')?.focus();
    await tick(el, 10_000);
    expect(toastElement(el, id)?.dataset.visible).to.equal('true');
    outside.focus();
    await tick(el, FOUR_SECONDS);
    expect(toastElement(el, id)?.dataset.visible).to.equal('false');
    outside.remove();
  });

  it('drops the animations under reduced motion', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const el = await toaster();
    const id = el.loading('Sending');
    await el.updateComplete;
    const toast = toastElement(el, id)!;
    expect(getComputedStyle(toast).transitionDuration).to.equal('0s');
    expect(toast.getAnimations({ subtree: true })).to.have.length(0);
  });

  it('follows a store set later and stops following the old one', async () => {
    const el = await toaster();
    const other = new ToastStore(clock);
    el.store = other;
    await el.updateComplete;
    store.blank('Old store');
    other.blank('New store');
    await el.updateComplete;
    expect(toastElements(el).map((toast) => toast.textContent?.trim())).to.deep.equal([
      'New store',
    ]);
  });

  it('offers the store’s API on the element', async () => {
    const el = await toaster();
    const id = el.custom('Custom');
    expect(store.toasts.map((toast) => toast.type)).to.deep.equal(['custom']);
    el.removeToast(id);
    expect(store.toasts).to.deep.equal([]);
    el.toast('Blank');
    el.dismiss();
    expect(store.toasts.map((toast) => toast.visible)).to.deep.equal([false]);
  });
});
