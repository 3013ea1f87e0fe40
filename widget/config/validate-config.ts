/**
 * Checks a page's widget configuration. Unknown or mistyped options, and theme
 * values the browser cannot use (`colors.primary: 'blurple'`), are reported with
 * a clear message (the widget logs them with `console.error`) and left out, so a
 * typo never blanks the widget; the spec's two configuration errors replace the
 * form instead.
 */
import { type CssValueKind, describeCssValue, isCssValue } from '../theme/css-values.js';
import { THEME_OPTIONS } from '../theme/theme.js';
import { Products, type VelvetConfig } from './widget-config.js';

/** The spec's configuration errors (section 2). */
export const ConfigErrors = {
  passkeysAlone: 'Error: Cannot use Passkeys by itself, please add another product to the config.',
  emlAndEmailOtp: 'Error: Cannot use both EML and Email OTP',
} as const;

/** What a check found. */
export interface ConfigCheck {
  /** The configuration with bad options left out and defaults filled in. */
  config: VelvetConfig;
  /** One readable line per unknown or mistyped option. */
  problems: string[];
  /** A configuration error of the spec that replaces the form, if any. */
  configError: string | undefined;
}

/**
 * What an option must be: a named type, a kind of CSS value (which the browser must accept), one
 * of a list of values, an array, or an object of options by name (no option is named `enumOf` or
 * `arrayOf`). The theme's options are `THEME_OPTIONS` as they are.
 */
type Shape =
  | 'string'
  | 'number'
  | 'boolean'
  | 'string[]'
  | 'record'
  | CssValueKind
  | { enumOf: readonly string[] }
  | { arrayOf: Shape }
  | ObjectShape;

/** An object's options by name. */
interface ObjectShape {
  readonly [option: string]: Shape;
}

/** The theme's options: those that set a custom property (`THEME_OPTIONS`), and two more. */
const themeShape: ObjectShape = {
  ...THEME_OPTIONS,
  hideHeaderText: 'boolean',
  logo: { logoImageUrl: 'string' },
};

/** The shape of the whole configuration. */
const configShape: ObjectShape = {
  products: { arrayOf: { enumOf: Object.values(Products) } },
  emailMagicLinksOptions: {
    loginRedirectURL: 'string',
    loginExpirationMinutes: 'number',
    signupRedirectURL: 'string',
    signupExpirationMinutes: 'number',
    createUserAsPending: 'boolean',
    domainHint: 'string',
  },
  oauthOptions: {
    providers: {
      arrayOf: {
        type: 'string',
        position: 'string',
        one_tap: 'boolean',
        cancel_on_tap_outside: 'boolean',
        custom_scopes: 'string[]',
        provider_params: 'record',
      },
    },
    loginRedirectURL: 'string',
    signupRedirectURL: 'string',
  },
  otpOptions: {
    methods: { arrayOf: { enumOf: ['sms', 'whatsapp', 'email'] } },
    expirationMinutes: 'number',
    loginTemplateId: 'string',
    signupTemplateId: 'string',
  },
  passwordOptions: {
    loginRedirectURL: 'string',
    loginExpirationMinutes: 'number',
    resetPasswordRedirectURL: 'string',
    resetPasswordExpirationMinutes: 'number',
    resetPasswordTemplateId: 'string',
  },
  sessionOptions: { sessionDurationMinutes: 'number' },
  enableShadowDOM: 'boolean',
  theme: themeShape,
  locale: 'string',
  ...themeShape,
};

/** The named types, and how a message names them. */
const NAMED_SHAPES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  'string[]': 'an array of strings',
  record: 'an object',
};

function describeShape(shape: Shape): string {
  if (typeof shape === 'string')
    return NAMED_SHAPES[shape] ?? describeCssValue(shape as CssValueKind);
  if ('enumOf' in shape) {
    return `one of ${(shape.enumOf as readonly string[]).map((v) => `"${v}"`).join(', ')}`;
  }
  if ('arrayOf' in shape)
    return `an array of ${describeShape(shape.arrayOf as Shape).replace(/^an? /, '')}s`;
  return 'an object';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `value` has `shape`, a shape written as a string (a named type or a CSS kind). */
function isOfNamedShape(value: unknown, shape: Extract<Shape, string>): boolean {
  switch (shape) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'record':
      return isPlainObject(value);
    default:
      return typeof value === 'string' && isCssValue(shape, value);
  }
}

/** The value with its bad parts left out, or `undefined` when it is wholly wrong. */
function clean(value: unknown, shape: Shape, path: string, problems: string[]): unknown {
  const wrong = () => {
    problems.push(`${path} must be ${describeShape(shape)}; got ${JSON.stringify(value)}.`);
    return undefined;
  };
  if (typeof shape === 'string') return isOfNamedShape(value, shape) ? value : wrong();
  if ('enumOf' in shape) {
    return (shape.enumOf as readonly string[]).includes(value as string) ? value : wrong();
  }
  if ('arrayOf' in shape) {
    if (!Array.isArray(value)) return wrong();
    return value
      .map((item, index) => clean(item, shape.arrayOf as Shape, `${path}[${index}]`, problems))
      .filter((item) => item !== undefined);
  }
  if (!isPlainObject(value)) return wrong();
  return cleanObject(value, shape as ObjectShape, path, problems);
}

function cleanObject(
  value: Record<string, unknown>,
  fields: ObjectShape,
  path: string,
  problems: string[],
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    const shape = fields[key];
    if (!shape) {
      const near = Object.keys(fields).find((k) => k.toLowerCase() === key.toLowerCase());
      problems.push(`Unknown option ${where}${near ? ` (did you mean ${near}?)` : ''}.`);
      continue;
    }
    if (item === undefined) continue;
    const cleaned = clean(item, shape, where, problems);
    if (cleaned !== undefined) result[key] = cleaned;
  }
  return result;
}

/** Checks `input` and returns the usable configuration, the problems and any configuration error. */
export function checkConfig(input: unknown): ConfigCheck {
  const problems: string[] = [];
  let cleaned: Record<string, unknown> = {};
  if (input === undefined || input === null) {
    cleaned = {};
  } else if (isPlainObject(input)) {
    cleaned = cleanObject(input, configShape, '', problems);
  } else {
    problems.push(`config must be an object; got ${JSON.stringify(input)}.`);
  }
  const config = cleaned as Partial<VelvetConfig>;
  const products = config.products?.length
    ? [...new Set(config.products)]
    : [Products.emailMagicLinks];
  const result: VelvetConfig = { ...config, products };
  if (products.includes(Products.otp) && !result.otpOptions?.methods?.length) {
    result.otpOptions = { expirationMinutes: 10, ...result.otpOptions, methods: ['sms'] };
  }
  if (result.otpOptions && result.otpOptions.expirationMinutes === undefined) {
    result.otpOptions = { ...result.otpOptions, expirationMinutes: 10 };
  }
  let configError: string | undefined;
  if (products.length === 1 && products[0] === Products.passkeys) {
    configError = ConfigErrors.passkeysAlone;
  } else if (
    products.includes(Products.emailMagicLinks) &&
    products.includes(Products.otp) &&
    result.otpOptions?.methods.includes('email')
  ) {
    configError = ConfigErrors.emlAndEmailOtp;
  }
  return { config: result, problems, configError };
}
