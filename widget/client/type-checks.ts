/**
 * Client-side type checks run before any request. A wrong type throws a {@link SchemaError}
 * reading '<name> must be a string' (or a number, a boolean, an object, an array of strings),
 * so a caller without TypeScript learns about the mistake without a round trip. An argument of
 * the wrong shape (options that are not an object, a listener that is not a function) throws a
 * {@link UsageError} naming the method.
 */

import { SchemaError, UsageError } from './errors.js';

/** A plain object as JSON knows it: not null, not an array. */
export type JsonObject = Record<string, unknown>;

/** Whether `value` is a plain object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `value` is an array whose every element is a string. */
export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function fail(name: string, expected: string): never {
  const message = `must be ${expected}`;
  throw new SchemaError([{ path: name, message }], { message: `${name} ${message}` });
}

/** Throws '<name> must be a string' unless `value` is a string. */
export function checkString(name: string, value: unknown): asserts value is string {
  if (typeof value !== 'string') fail(name, 'a string');
}

/** Throws '<name> must be a number' unless `value` is a finite number. */
export function checkNumber(name: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(name, 'a number');
}

/** Throws '<name> must be a boolean' unless `value` is a boolean. */
export function checkBoolean(name: string, value: unknown): asserts value is boolean {
  if (typeof value !== 'boolean') fail(name, 'a boolean');
}

/** Throws '<name> must be an object' unless `value` is a plain object. */
export function checkObject(name: string, value: unknown): asserts value is JsonObject {
  if (!isObject(value)) fail(name, 'an object');
}

/** Throws '<name> must be an array of strings' unless `value` is one. */
export function checkStringArray(name: string, value: unknown): asserts value is string[] {
  if (!isStringArray(value)) fail(name, 'an array of strings');
}

/** Like {@link checkString}, but `undefined` passes. */
export function checkOptionalString(
  name: string,
  value: unknown,
): asserts value is string | undefined {
  if (value !== undefined) checkString(name, value);
}

/** Like {@link checkNumber}, but `undefined` passes. */
export function checkOptionalNumber(
  name: string,
  value: unknown,
): asserts value is number | undefined {
  if (value !== undefined) checkNumber(name, value);
}

/** How a value looks in a usage error: its type, or `null`. */
function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Throws a {@link UsageError} unless `options`, the options argument of `method`, is a plain
 * object, or `undefined` when the options are optional. `example` shows the expected shape.
 */
export function checkOptions(
  method: string,
  options: unknown,
  example: string,
  { required = false }: { required?: boolean } = {},
): void {
  if (options === undefined && !required) return;
  if (options === undefined) {
    throw new UsageError(`${method}: the options are missing; pass an object such as ${example}.`);
  }
  if (!isObject(options)) {
    throw new UsageError(
      `${method}: the options must be an object such as ${example}, not ${describeValue(options)}.`,
    );
  }
}

/** Throws a {@link UsageError} unless `listener`, the argument of `method`, is a function. */
export function checkListener(method: string, listener: unknown): void {
  if (typeof listener !== 'function') {
    throw new UsageError(
      `${method}: the listener must be a function, not ${describeValue(listener)}.`,
    );
  }
}
