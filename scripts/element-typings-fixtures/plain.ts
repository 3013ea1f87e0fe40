// Compiled by scripts/element-typings.test.ts against the generated typings (`types/` there).
import type {} from '../types/frameworks/elements.js';

const login = document.createElement('velvet-login');
login.config = { products: ['otp'] };
login.addEventListener('velvet-error', (event) => event.detail.message);
login.addEventListener('velvet-event', (event) => event.detail.type);
const consent = document.querySelector('velvet-identity-provider');
export const search: string | undefined = consent?.search;

// @ts-expect-error `confgi` is not a property of <velvet-login>
login.confgi = { products: ['otp'] };
// @ts-expect-error the public token is a string
login.publicToken = 42;
// @ts-expect-error the error event's detail has no `type`
login.addEventListener('velvet-error', (event) => event.detail.type);
