// Compiled by scripts/element-typings.test.ts: the props `GlobalComponents` gives Vue (vue-tsc
// is not installed, so this checks the props type itself).
import type { VelvetLoginVueProps } from '../types/frameworks/vue.js';

export const ok: VelvetLoginVueProps = {
  'public-token': 'public-token-test',
  config: { products: ['otp'] },
  onVelvetEvent: (event) => event.detail.type,
  onVelvetError: (event) => event.detail.message,
};
// @ts-expect-error `confgi` is not a property of <velvet-login>
export const misspelt: VelvetLoginVueProps = { confgi: { products: ['otp'] } };
// @ts-expect-error the public token is a string
export const numberToken: VelvetLoginVueProps = { 'public-token': 42 };
