/**
 * Password strength, by the project's policy: zxcvbn (through `@zxcvbn-ts/core` with its common
 * and English dictionaries, on the server only: the widget never downloads them) or LUDS
 * (lower case, upper case, digits, symbols, with a minimum length). The result is the spec's
 * strength result, in Stytch's field names.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** The policies of the spec. */
export type StrengthPolicy = 'zxcvbn' | 'luds';

/** The lowest zxcvbn score (0 to 4) a password must reach. */
export const ZXCVBN_MIN_SCORE = 3;

/** What LUDS still asks of a password. */
export interface LudsRequirements {
  has_lower_case: boolean;
  has_upper_case: boolean;
  has_digit: boolean;
  has_symbol: boolean;
  /** How many more of the four kinds of character it needs. */
  missing_complexity: number;
  /** How many more characters it needs. */
  missing_characters: number;
}

/** The spec's password strength result. */
export interface StrengthResult {
  valid_password: boolean;
  score: number;
  breached_password: boolean;
  strength_policy: StrengthPolicy;
  breach_detection_on_create: boolean;
  feedback: {
    warning: string;
    suggestions: string[];
    luds_requirements: LudsRequirements;
  };
}

/** The policy's bounds, from the project's settings. */
export interface StrengthSettings {
  strengthPolicy: StrengthPolicy;
  ludsComplexity: number;
  ludsMinimumCount: number;
}

let zxcvbn: Promise<ZxcvbnFactory> | undefined;

/**
 * The zxcvbn estimator, loaded and built on first use: its dictionaries hold some 50 MiB once
 * parsed, which a server whose projects never rate a password by zxcvbn does not load.
 */
function estimator(): Promise<ZxcvbnFactory> {
  zxcvbn ??= (async () => {
    const [{ ZxcvbnFactory }, zxcvbnCommon, zxcvbnEnglish] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      translations: zxcvbnEnglish.translations,
      graphs: zxcvbnCommon.adjacencyGraphs,
      dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEnglish.dictionary },
    });
  })();
  return zxcvbn;
}

/** Counts what LUDS looks at: characters by kind, and the length (in code points). */
export function ludsRequirements(
  password: string,
  settings: Pick<StrengthSettings, 'ludsComplexity' | 'ludsMinimumCount'>,
): LudsRequirements {
  const hasLower = /\p{Ll}/u.test(password);
  const hasUpper = /\p{Lu}/u.test(password);
  const hasDigit = /\p{Nd}/u.test(password);
  const hasSymbol = /[^\p{Ll}\p{Lu}\p{Nd}]/u.test(password);
  const kinds = [hasLower, hasUpper, hasDigit, hasSymbol].filter(Boolean).length;
  return {
    has_lower_case: hasLower,
    has_upper_case: hasUpper,
    has_digit: hasDigit,
    has_symbol: hasSymbol,
    missing_complexity: Math.max(0, settings.ludsComplexity - kinds),
    missing_characters: Math.max(0, settings.ludsMinimumCount - [...password].length),
  };
}

/**
 * Rates `password` by the policy. `userInputs` (the email and its parts) count as guessable
 * words for zxcvbn. A breached password is never valid.
 */
export async function rateStrength(
  password: string,
  settings: StrengthSettings,
  breached: boolean,
  userInputs: string[] = [],
): Promise<StrengthResult> {
  const luds = ludsRequirements(password, settings);
  let score: number;
  let warning = '';
  let suggestions: string[] = [];
  let meetsPolicy: boolean;
  if (settings.strengthPolicy === 'zxcvbn') {
    const result = (await estimator()).check(password, userInputs);
    score = result.score;
    warning = result.feedback.warning ?? '';
    suggestions = result.feedback.suggestions;
    meetsPolicy = score >= ZXCVBN_MIN_SCORE;
  } else {
    meetsPolicy = luds.missing_characters === 0 && luds.missing_complexity === 0;
    // LUDS has no score of its own; 0 to 4 by how much of the policy is met, as zxcvbn's.
    const kinds = 4 - luds.missing_complexity - Math.max(0, 4 - settings.ludsComplexity);
    score = meetsPolicy ? 4 : Math.max(0, Math.min(3, kinds - 1));
  }
  return {
    valid_password: meetsPolicy && !breached,
    score: breached ? 0 : score,
    breached_password: breached,
    strength_policy: settings.strengthPolicy,
    breach_detection_on_create: true,
    feedback: { warning, suggestions, luds_requirements: luds },
  };
}
