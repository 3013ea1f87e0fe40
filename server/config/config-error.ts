/**
 * The error a bad setting stops start-up with: `Invalid setting NAME: problem`, one line that
 * names the setting and says what to set instead.
 */

/** A setting is missing or invalid; `setting` names it. */
export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    problem: string,
  ) {
    super(`Invalid setting ${setting}: ${problem}`);
    this.name = 'ConfigError';
  }
}
