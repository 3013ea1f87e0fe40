import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { afterEach, beforeEach, describe, it } from '../client/testing/mocha.js';
import './progress-bar.js';
import { PROGRESS_ANIMATION_MS, type VelvetProgressBar } from './progress-bar.js';
import { progressBarStyles } from './progress-bar.styles.js';

function progressbar(el: VelvetProgressBar): HTMLElement | null {
  return el.querySelector<HTMLElement>('[role="progressbar"]');
}

function indicator(el: VelvetProgressBar): HTMLElement {
  const found = el.querySelector<HTMLElement>('.velvet-progress-bar__indicator');
  if (!found) throw new Error('no indicator rendered');
  return found;
}

describe('<velvet-progress-bar>', () => {
  let style: HTMLStyleElement;
  beforeEach(() => {
    style = document.createElement('style');
    style.textContent = progressBarStyles;
    document.head.append(style);
  });
  afterEach(async () => {
    style.remove();
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('animates for exactly 10 seconds (spec section 9)', () => {
    expect(PROGRESS_ANIMATION_MS).to.equal(10_000);
  });

  it('is accessible while active', async () => {
    const el = await fixture<VelvetProgressBar>(
      html`<velvet-progress-bar active></velvet-progress-bar>`,
    );
    await expect(el).to.be.accessible();
  });

  it('is accessible while inactive', async () => {
    const el = await fixture<VelvetProgressBar>(html`<velvet-progress-bar></velvet-progress-bar>`);
    await expect(el).to.be.accessible();
  });

  it('is a busy progressbar named Loading while active', async () => {
    const el = await fixture<VelvetProgressBar>(
      html`<velvet-progress-bar active></velvet-progress-bar>`,
    );
    const bar = progressbar(el);
    expect(bar?.getAttribute('aria-label')).to.equal('Loading');
    expect(bar?.getAttribute('aria-busy')).to.equal('true');
    expect(bar?.hasAttribute('aria-valuenow')).to.equal(false);
    expect(bar?.getAttribute('part')).to.equal('progress-bar');
  });

  it('takes its name from the label property', async () => {
    const el = await fixture<VelvetProgressBar>(
      html`<velvet-progress-bar active label="Sending your code"></velvet-progress-bar>`,
    );
    expect(progressbar(el)?.getAttribute('aria-label')).to.equal('Sending your code');
  });

  it('is out of the accessibility tree when inactive, keeping its height', async () => {
    const el = await fixture<VelvetProgressBar>(html`<velvet-progress-bar></velvet-progress-bar>`);
    expect(progressbar(el)).to.equal(null);
    const track = el.querySelector<HTMLElement>('.velvet-progress-bar-track');
    expect(track?.getAttribute('aria-hidden')).to.equal('true');
    expect(track?.childElementCount).to.equal(0);
    expect(track?.getBoundingClientRect().height).to.equal(3);
    el.active = true;
    await el.updateComplete;
    expect(track?.getBoundingClientRect().height).to.equal(3);
    el.active = false;
    await el.updateComplete;
    expect(progressbar(el)).to.equal(null);
  });

  it('fills from 0 to 90 % with a 10 s CSS animation that holds at the end', async () => {
    const el = await fixture<VelvetProgressBar>(
      html`<velvet-progress-bar active></velvet-progress-bar>`,
    );
    const [animation] = indicator(el).getAnimations();
    expect(animation).to.not.equal(undefined);
    const timing = animation!.effect!.getComputedTiming();
    expect(timing.duration).to.equal(PROGRESS_ANIMATION_MS);
    expect(timing.fill).to.equal('forwards');
    expect(getComputedStyle(indicator(el)).animationDuration).to.equal('10s');

    animation!.pause();
    animation!.currentTime = 0;
    expect(new DOMMatrix(getComputedStyle(indicator(el)).transform).a).to.equal(0);
    animation!.currentTime = PROGRESS_ANIMATION_MS;
    expect(new DOMMatrix(getComputedStyle(indicator(el)).transform).a).to.be.closeTo(0.9, 1e-6);
  });

  it('starts again from 0 on each activation', async () => {
    const el = await fixture<VelvetProgressBar>(
      html`<velvet-progress-bar active></velvet-progress-bar>`,
    );
    await nextFrame();
    const first = indicator(el).getAnimations()[0];
    el.active = false;
    await el.updateComplete;
    el.active = true;
    await el.updateComplete;
    const second = indicator(el).getAnimations()[0];
    expect(second).to.not.equal(undefined);
    expect(second).to.not.equal(first);
    expect(Number(second!.currentTime ?? 0)).to.be.lessThan(100);
  });

  it('stands still when the user prefers reduced motion', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const el = await fixture<VelvetProgressBar>(
      html`<velvet-progress-bar active></velvet-progress-bar>`,
    );
    expect(indicator(el).getAnimations()).to.have.length(0);
    expect(new DOMMatrix(getComputedStyle(indicator(el)).transform).a).to.be.closeTo(0.9, 1e-6);
    await expect(el).to.be.accessible();
  });
});
