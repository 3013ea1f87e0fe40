/**
 * The widget's size budgets, shared by the tests that hold it to them: the served widget's
 * (`e2e/widget-size-budget.e2e.ts`) and the element package's (`scripts/packages.test.ts`).
 */

/**
 * The first-render budget, in gzip bytes: what a page with an SMS-only config downloads before
 * the phone form first shows (Stytch's comparable bundle: 103.5 KB gzip).
 */
export const FIRST_RENDER_BUDGET_BYTES = 20 * 1024;
