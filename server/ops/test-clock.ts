/**
 * A clock end-to-end tests can move: with `NODE_ENV=test` and `VELVET_TEST_CLOCK_FILE` naming a
 * file, the server's time is the machine's plus the milliseconds that file holds (none while it
 * is missing), read at every look, so a test writes "a day later" and the running server lives
 * in it. Any other environment refuses the variable at start: production never runs on a moved
 * clock.
 */
import { readFileSync } from 'node:fs';
import { ConfigError, type Environment } from '../config/config.js';

/** The variable naming the offset file. */
export const TEST_CLOCK_VARIABLE = 'VELVET_TEST_CLOCK_FILE';

/** The moved clock `env` asks for, or `undefined` for the machine's; refused outside tests. */
export function testClockFromEnv(
  env: NodeJS.ProcessEnv,
  environment: Environment,
): (() => number) | undefined {
  const file = env[TEST_CLOCK_VARIABLE];
  if (!file) return undefined;
  if (environment !== 'test') {
    throw new ConfigError(
      TEST_CLOCK_VARIABLE,
      `moves the server's clock for end-to-end tests and is taken only with NODE_ENV=test (here ${environment}): remove it`,
    );
  }
  return () => Date.now() + offsetIn(file);
}

/** The whole milliseconds `file` holds; 0 while it is missing or holds no number. */
function offsetIn(file: string): number {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return 0;
  }
  const offset = Number.parseInt(text.trim(), 10);
  return Number.isSafeInteger(offset) ? offset : 0;
}
