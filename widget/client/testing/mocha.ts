/**
 * Typed access to the Mocha globals web-test-runner installs in the page. The project has no
 * `@types/mocha`, and declaring the globals would collide with other folders' tests, so test
 * files import them from here.
 */

/** A test or hook body: synchronous, or returning a promise Mocha waits for. */
export type TestBody = () => unknown;

interface MochaGlobals {
  describe(title: string, body: () => void): void;
  it(title: string, body: TestBody): void;
  beforeEach(body: TestBody): void;
  afterEach(body: TestBody): void;
}

const mocha = globalThis as unknown as MochaGlobals;

/** Mocha's `describe`. */
export const describe: MochaGlobals['describe'] = (title, body) => mocha.describe(title, body);
/** Mocha's `it`. */
export const it: MochaGlobals['it'] = (title, body) => mocha.it(title, body);
/** Mocha's `beforeEach`. */
export const beforeEach: MochaGlobals['beforeEach'] = (body) => mocha.beforeEach(body);
/** Mocha's `afterEach`. */
export const afterEach: MochaGlobals['afterEach'] = (body) => mocha.afterEach(body);
