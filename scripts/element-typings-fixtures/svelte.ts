// Compiled by scripts/element-typings.test.ts: the props `svelteHTML.IntrinsicElements` gives
// Svelte (svelte-check is not installed, so this checks the props type itself).
import type { VelvetLoginSvelteProps } from '../types/frameworks/svelte.js';

export const ok: VelvetLoginSvelteProps = {
  'public-token': 'public-token-test',
  config: { products: ['otp'] },
  'onvelvet-event': (event) => event.detail.type,
  'on:velvet-error': (event) => event.detail.message,
};
// @ts-expect-error `confgi` is not a property of <velvet-login>
export const misspelt: VelvetLoginSvelteProps = { confgi: { products: ['otp'] } };
// @ts-expect-error the public token is a string
export const numberToken: VelvetLoginSvelteProps = { 'public-token': 42 };
