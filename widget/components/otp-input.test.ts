import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { afterEach, beforeEach, describe, it } from '../client/testing/mocha.js';
import { waitFor } from '../client/testing/wait-for.js';
import './otp-input.js';
import type { OtpCompleteDetail, VelvetOtpInput } from './otp-input.js';
import { otpInputStyles } from './otp-input.styles.js';

const style = document.createElement('style');
style.textContent = otpInputStyles;
document.head.append(style);

interface Setup {
  el: VelvetOtpInput;
  boxes: HTMLInputElement[];
  /** The codes of every `velvet-otp-complete` fired so far. */
  completed: string[];
}

async function setup(
  template = html`<velvet-otp-input label="One-time passcode" digit-label="Digit {index} of {count}"></velvet-otp-input>`,
): Promise<Setup> {
  const el = await fixture<VelvetOtpInput>(template);
  const completed: string[] = [];
  el.addEventListener('velvet-otp-complete', (event) => completed.push(event.detail.code));
  return { el, boxes: [...el.querySelectorAll('input')], completed };
}

function values(boxes: HTMLInputElement[]): string[] {
  return boxes.map((box) => box.value);
}

function focusedIndex(boxes: HTMLInputElement[]): number {
  return boxes.indexOf(document.activeElement as HTMLInputElement);
}

function paste(target: HTMLElement, text: string): ClipboardEvent {
  const clipboardData = new DataTransfer();
  clipboardData.setData('text/plain', text);
  const event = new ClipboardEvent('paste', {
    clipboardData,
    bubbles: true,
    cancelable: true,
    composed: true,
  });
  target.dispatchEvent(event);
  return event;
}

/** Lets Lit render and the focus move. */
async function settled(el: VelvetOtpInput): Promise<void> {
  await el.updateComplete;
}

// The browser may have WebOTP of its own; every test but the WebOTP ones runs without it.
const otpCredential = Object.getOwnPropertyDescriptor(window, 'OTPCredential');

describe('<velvet-otp-input label="One-time passcode" digit-label="Digit {index} of {count}">', () => {
  beforeEach(() => {
    Reflect.deleteProperty(window, 'OTPCredential');
  });

  afterEach(() => {
    Reflect.deleteProperty(window, 'OTPCredential');
    if (otpCredential) Object.defineProperty(window, 'OTPCredential', otpCredential);
    Reflect.deleteProperty(navigator.credentials, 'get');
  });

  describe('accessibility', () => {
    it('is accessible empty', async () => {
      const { el } = await setup();
      await expect(el).to.be.accessible();
    });

    it('is accessible filled and marked invalid with a description', async () => {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div>
          <velvet-otp-input label="One-time passcode" digit-label="Digit {index} of {count}" invalid described-by="otp-error"></velvet-otp-input>
          <p id="otp-error">Invalid passcode, please try again.</p>
        </div>`,
      );
      const el = wrapper.querySelector('velvet-otp-input')!;
      el.value = '123456';
      await settled(el);
      const box = el.querySelector('input')!;
      expect(box.getAttribute('aria-invalid')).to.equal('true');
      expect(box.getAttribute('aria-describedby')).to.equal('otp-error');
      await expect(wrapper).to.be.accessible();
    });

    it('is accessible disabled', async () => {
      const { el } = await setup(
        html`<velvet-otp-input label="One-time passcode" digit-label="Digit {index} of {count}" disabled></velvet-otp-input>`,
      );
      await expect(el).to.be.accessible();
    });

    it('is a named group of six labelled numeric boxes', async () => {
      const { el, boxes } = await setup();
      const group = el.querySelector('[role="group"]')!;
      expect(group.getAttribute('aria-label')).to.equal('One-time passcode');
      expect(boxes).to.have.length(6);
      boxes.forEach((box, index) => {
        expect(box.getAttribute('aria-label')).to.equal(`Digit ${index + 1} of 6`);
        expect(box.getAttribute('inputmode')).to.equal('numeric');
        expect(box.getAttribute('pattern')).to.equal('[0-9]*');
        expect(box.name).to.not.equal('');
      });
    });

    it('takes its group and box names from properties', async () => {
      const { el, boxes } = await setup(
        html`<velvet-otp-input
          label="Code à usage unique"
          digit-label="Chiffre {index} sur {count}"
        ></velvet-otp-input>`,
      );
      expect(el.querySelector('[role="group"]')!.getAttribute('aria-label')).to.equal(
        'Code à usage unique',
      );
      expect(boxes[2]!.getAttribute('aria-label')).to.equal('Chiffre 3 sur 6');
    });

    it('shows where the focus is', async () => {
      const { boxes } = await setup();
      expect(focusedIndex(boxes)).to.equal(0);
      expect(getComputedStyle(boxes[0]!).outlineStyle).to.equal('solid');
      expect(getComputedStyle(boxes[1]!).outlineStyle).to.equal('none');
    });
  });

  describe('autofill', () => {
    it('offers one-time codes in the first box only, named otp', async () => {
      const { boxes } = await setup();
      expect(boxes[0]!.getAttribute('autocomplete')).to.equal('one-time-code');
      expect(boxes[0]!.name).to.equal('otp');
      for (const box of boxes.slice(1)) {
        expect(box.getAttribute('autocomplete')).to.not.equal('one-time-code');
      }
    });

    it('spreads a whole code autofilled into the first box and completes once', async () => {
      const { el, boxes, completed } = await setup();
      boxes[0]!.value = '482913';
      boxes[0]!.dispatchEvent(new Event('input', { bubbles: true }));
      await settled(el);
      expect(values(boxes)).to.deep.equal(['4', '8', '2', '9', '1', '3']);
      expect(el.value).to.equal('482913');
      expect(completed).to.deep.equal(['482913']);
    });

    it('takes a whole code inserted as text into the first box', async () => {
      const { el, boxes, completed } = await setup();
      boxes[0]!.value = '482913';
      boxes[0]!.dispatchEvent(
        new InputEvent('input', { bubbles: true, inputType: 'insertText', data: '482913' }),
      );
      await settled(el);
      expect(values(boxes)).to.deep.equal(['4', '8', '2', '9', '1', '3']);
      expect(completed).to.deep.equal(['482913']);
    });

    it('is seen by an enclosing form', async () => {
      const form = await fixture<HTMLFormElement>(
        html`<form><velvet-otp-input label="One-time passcode" digit-label="Digit {index} of {count}"></velvet-otp-input></form>`,
      );
      const el = form.querySelector('velvet-otp-input')!;
      el.value = '135790';
      await settled(el);
      expect(form.elements.namedItem('otp')).to.equal(el.querySelector('input'));
      expect(new FormData(form).get('otp')).to.equal('1');
    });
  });

  describe('keyboard', () => {
    it('moves to the next box with each digit and completes once', async () => {
      const { el, boxes, completed } = await setup();
      await sendKeys({ type: '123' });
      await settled(el);
      expect(values(boxes)).to.deep.equal(['1', '2', '3', '', '', '']);
      expect(focusedIndex(boxes)).to.equal(3);
      expect(completed).to.deep.equal([]);
      await sendKeys({ type: '456' });
      await settled(el);
      expect(el.value).to.equal('123456');
      expect(completed).to.deep.equal(['123456']);
      expect(focusedIndex(boxes)).to.equal(5);
    });

    it('ignores letters, spaces and symbols', async () => {
      const { el, boxes } = await setup();
      await sendKeys({ type: 'a1 -b2x' });
      await settled(el);
      expect(values(boxes)).to.deep.equal(['1', '2', '', '', '', '']);
      expect(focusedIndex(boxes)).to.equal(2);
    });

    it('replaces the digit of a filled box', async () => {
      const { el, boxes } = await setup();
      el.value = '111111';
      await settled(el);
      boxes[2]!.focus();
      await sendKeys({ type: '7' });
      await settled(el);
      expect(el.value).to.equal('117111');
      expect(focusedIndex(boxes)).to.equal(3);
    });

    it('Backspace clears a filled box and stays', async () => {
      const { el, boxes } = await setup();
      await sendKeys({ type: '12' });
      boxes[1]!.focus();
      await sendKeys({ press: 'Backspace' });
      await settled(el);
      expect(values(boxes)).to.deep.equal(['1', '', '', '', '', '']);
      expect(focusedIndex(boxes)).to.equal(1);
    });

    it('Backspace on an empty box moves back and clears the previous one', async () => {
      const { el, boxes } = await setup();
      await sendKeys({ type: '123' });
      expect(focusedIndex(boxes)).to.equal(3);
      await sendKeys({ press: 'Backspace' });
      await settled(el);
      expect(values(boxes)).to.deep.equal(['1', '2', '', '', '', '']);
      expect(focusedIndex(boxes)).to.equal(2);
      await sendKeys({ press: 'Backspace' });
      await sendKeys({ press: 'Backspace' });
      await settled(el);
      expect(el.value).to.equal('');
      expect(focusedIndex(boxes)).to.equal(0);
      await sendKeys({ press: 'Backspace' });
      expect(focusedIndex(boxes)).to.equal(0);
    });

    it('Delete clears the box without moving', async () => {
      const { el, boxes } = await setup();
      el.value = '123456';
      await settled(el);
      boxes[3]!.focus();
      await sendKeys({ press: 'Delete' });
      await settled(el);
      expect(values(boxes)).to.deep.equal(['1', '2', '3', '', '5', '6']);
      expect(focusedIndex(boxes)).to.equal(3);
    });

    it('ArrowLeft and ArrowRight move between boxes, Home and End to the ends', async () => {
      const { boxes } = await setup();
      await sendKeys({ press: 'ArrowRight' });
      await sendKeys({ press: 'ArrowRight' });
      expect(focusedIndex(boxes)).to.equal(2);
      await sendKeys({ press: 'ArrowLeft' });
      expect(focusedIndex(boxes)).to.equal(1);
      await sendKeys({ press: 'End' });
      expect(focusedIndex(boxes)).to.equal(5);
      await sendKeys({ press: 'ArrowRight' });
      expect(focusedIndex(boxes)).to.equal(5);
      await sendKeys({ press: 'Home' });
      expect(focusedIndex(boxes)).to.equal(0);
      await sendKeys({ press: 'ArrowLeft' });
      expect(focusedIndex(boxes)).to.equal(0);
    });

    it('Tab leaves the boxes in order', async () => {
      const { boxes } = await setup();
      await sendKeys({ press: 'Tab' });
      expect(focusedIndex(boxes)).to.equal(1);
    });

    it('fills a box from a virtual keyboard that only sends input events', async () => {
      const { el, boxes } = await setup();
      boxes[0]!.value = '7';
      boxes[0]!.dispatchEvent(
        new InputEvent('input', { bubbles: true, inputType: 'insertText', data: '7' }),
      );
      await settled(el);
      expect(el.value).to.equal('7');
      expect(focusedIndex(boxes)).to.equal(1);
      // A letter typed after the digit is dropped and the digit stays.
      boxes[0]!.value = '7x';
      boxes[0]!.dispatchEvent(
        new InputEvent('input', { bubbles: true, inputType: 'insertText', data: 'x' }),
      );
      await settled(el);
      expect(boxes[0]!.value).to.equal('7');
    });
  });

  describe('paste', () => {
    it('fills every box from a pasted code, dropping spaces and dashes', async () => {
      const { el, boxes, completed } = await setup();
      const event = paste(boxes[0]!, ' 123-456 ');
      await settled(el);
      expect(event.defaultPrevented).to.equal(true);
      expect(values(boxes)).to.deep.equal(['1', '2', '3', '4', '5', '6']);
      expect(completed).to.deep.equal(['123456']);
    });

    it('fills every box whichever box the whole code is pasted into', async () => {
      const { el, boxes, completed } = await setup();
      paste(boxes[3]!, '98 76 54');
      await settled(el);
      expect(el.value).to.equal('987654');
      expect(completed).to.deep.equal(['987654']);
    });

    it('puts a partial paste from the focused box on', async () => {
      const { el, boxes, completed } = await setup();
      boxes[2]!.focus();
      paste(boxes[2]!, '4-5');
      await settled(el);
      expect(values(boxes)).to.deep.equal(['', '', '4', '5', '', '']);
      expect(focusedIndex(boxes)).to.equal(4);
      expect(completed).to.deep.equal([]);
    });

    it('ignores a paste without digits', async () => {
      const { el, boxes } = await setup();
      el.value = '12';
      await settled(el);
      paste(boxes[2]!, 'hello');
      await settled(el);
      expect(values(boxes)).to.deep.equal(['1', '2', '', '', '', '']);
    });
  });

  describe('velvet-otp-complete', () => {
    it('bubbles out of shadow roots with the code', async () => {
      const { el } = await setup();
      let received: CustomEvent<OtpCompleteDetail> | undefined;
      const listener = (event: CustomEvent<OtpCompleteDetail>): void => {
        received = event;
      };
      document.body.addEventListener('velvet-otp-complete', listener);
      await sendKeys({ type: '654321' });
      document.body.removeEventListener('velvet-otp-complete', listener);
      expect(received?.detail).to.deep.equal({ code: '654321' });
      expect(received?.bubbles).to.equal(true);
      expect(received?.composed).to.equal(true);
      expect(received?.target).to.equal(el);
    });

    it('fires once per complete code, not again for the same code', async () => {
      const { el, boxes, completed } = await setup();
      paste(boxes[0]!, '111111');
      paste(boxes[0]!, '111111');
      await sendKeys({ type: '1' });
      await settled(el);
      expect(completed).to.deep.equal(['111111']);
      paste(boxes[0]!, '222222');
      await settled(el);
      expect(completed).to.deep.equal(['111111', '222222']);
    });

    it('fires again once the user empties a box and completes the code again', async () => {
      const { el, boxes, completed } = await setup();
      await sendKeys({ type: '123456' });
      await sendKeys({ press: 'Backspace' });
      await settled(el);
      expect(el.value).to.equal('12345');
      await sendKeys({ type: '6' });
      expect(completed).to.deep.equal(['123456', '123456']);
      expect(focusedIndex(boxes)).to.equal(5);
    });

    it('does not fire when value is set', async () => {
      const { el, boxes, completed } = await setup();
      el.value = '123456';
      await settled(el);
      expect(values(boxes)).to.deep.equal(['1', '2', '3', '4', '5', '6']);
      expect(el.value).to.equal('123456');
      expect(completed).to.deep.equal([]);
    });

    it('keeps only the digits of a value set, at most six', async () => {
      const { el } = await setup();
      el.value = '12-34 5678';
      await settled(el);
      expect(el.value).to.equal('123456');
    });
  });

  describe('clear()', () => {
    it('empties the boxes, focuses the first one and lets the same code complete again', async () => {
      const { el, boxes, completed } = await setup();
      await sendKeys({ type: '123456' });
      el.clear();
      await settled(el);
      expect(values(boxes)).to.deep.equal(['', '', '', '', '', '']);
      expect(el.value).to.equal('');
      expect(focusedIndex(boxes)).to.equal(0);
      await sendKeys({ type: '123456' });
      expect(completed).to.deep.equal(['123456', '123456']);
    });
  });

  describe('focus and disabled', () => {
    it('focuses the first box when shown enabled', async () => {
      const { boxes } = await setup();
      expect(focusedIndex(boxes)).to.equal(0);
    });

    it('does not take the focus while disabled, and disables every box', async () => {
      const { boxes } = await setup(
        html`<velvet-otp-input label="One-time passcode" digit-label="Digit {index} of {count}" disabled></velvet-otp-input>`,
      );
      expect(focusedIndex(boxes)).to.equal(-1);
      expect(boxes.every((box) => box.disabled)).to.equal(true);
    });

    it('focuses the first empty box when it becomes enabled', async () => {
      const { el, boxes } = await setup(
        html`<velvet-otp-input label="One-time passcode" digit-label="Digit {index} of {count}" disabled></velvet-otp-input>`,
      );
      el.value = '12';
      await settled(el);
      el.disabled = false;
      await settled(el);
      expect(boxes.some((box) => box.disabled)).to.equal(false);
      expect(focusedIndex(boxes)).to.equal(2);
    });

    it('ignores a paste while disabled', async () => {
      const { el, boxes } = await setup(
        html`<velvet-otp-input label="One-time passcode" digit-label="Digit {index} of {count}" disabled></velvet-otp-input>`,
      );
      paste(boxes[0]!, '123456');
      await settled(el);
      expect(el.value).to.equal('');
    });
  });

  describe('WebOTP', () => {
    interface OtpRequest {
      otp?: { transport?: string[] };
      signal?: AbortSignal;
    }

    function stubWebOtp(answer: (request: OtpRequest) => Promise<unknown>): OtpRequest[] {
      const requests: OtpRequest[] = [];
      Object.defineProperty(window, 'OTPCredential', {
        value: class OTPCredential {},
        configurable: true,
        writable: true,
      });
      Object.defineProperty(navigator.credentials, 'get', {
        value: (request: OtpRequest) => {
          requests.push(request);
          return answer(request);
        },
        configurable: true,
        writable: true,
      });
      return requests;
    }

    it('fills and completes with the code WebOTP receives', async () => {
      let deliver: (credential: unknown) => void = () => {};
      const requests = stubWebOtp(
        () =>
          new Promise((resolve) => {
            deliver = resolve;
          }),
      );
      const { el, boxes, completed } = await setup();
      expect(requests).to.have.length(1);
      expect(requests[0]?.otp).to.deep.equal({ transport: ['sms'] });
      expect(requests[0]?.signal?.aborted).to.equal(false);
      deliver({ type: 'otp', code: '314159' });
      await waitFor(() => completed.length > 0, 'the received code did not complete the input');
      await settled(el);
      expect(values(boxes)).to.deep.equal(['3', '1', '4', '1', '5', '9']);
      expect(completed).to.deep.equal(['314159']);
    });

    it('aborts the request when the element is removed', async () => {
      const requests = stubWebOtp(() => new Promise(() => {}));
      const { el } = await setup();
      const signal = requests[0]?.signal;
      expect(signal?.aborted).to.equal(false);
      el.remove();
      expect(signal?.aborted).to.equal(true);
    });

    it('ignores a code arriving after removal and a refused request', async () => {
      let deliver: (credential: unknown) => void = () => {};
      stubWebOtp(
        () =>
          new Promise((resolve) => {
            deliver = resolve;
          }),
      );
      const { el, completed } = await setup();
      el.remove();
      deliver({ code: '314159' });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(el.value).to.equal('');
      expect(completed).to.deep.equal([]);

      stubWebOtp(() => Promise.reject(new DOMException('Aborted', 'AbortError')));
      const other = await setup();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(other.el.value).to.equal('');
    });

    it('does not ask without WebOTP support', async () => {
      const requests = stubWebOtp(() => new Promise(() => {}));
      Reflect.deleteProperty(window, 'OTPCredential');
      await setup();
      expect(requests).to.have.length(0);
    });
  });
});
