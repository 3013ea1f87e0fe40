/**
 * The config file's JSON schema and its Ajv validator. Under tsx (development, the tests) Ajv
 * compiles it when the config is read; the server build (`scripts/build-server.ts`) puts the
 * same validator in its place compiled ahead of time (Ajv's standalone code, the same options),
 * so the compiled server generates no code at start-up (Ajv's code generation got hot enough
 * for V8 to optimize it on a background thread, memory the idle server kept).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { settingsParts } from '../products/registry.js';
import { projectConfigSchema } from '../projects/project-settings.js';

/** The config file: `$schema` for editors, and the projects (the core's keys and the products'). */
export const configFileSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    projects: { type: 'array', items: projectConfigSchema(settingsParts), minItems: 1 },
  },
} as const;

/** Ajv's options for the config file: the first error only. */
export const CONFIG_AJV_OPTIONS = { allErrors: false, strict: false } as const;

/** The config file's validator. */
export function configFileValidator(): ValidateFunction {
  return new Ajv(CONFIG_AJV_OPTIONS).compile(configFileSchema);
}
