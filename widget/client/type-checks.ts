/**
 * Client-side type checks run before any request. A wrong type throws a {@link SchemaError}
 * reading '<name> must be a string' (or a number, a boolean, an object, an array of strings),
 * so a caller without TypeScript learns about the mistake without a round trip.
 */

import { SchemaError } from './errors.js';

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
