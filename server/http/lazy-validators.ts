/**
 * Route schemas compiled on a route's first request instead of at start-up. Fastify compiles
 * every route's JSON schema with Ajv when it starts: generated code for the routes of every
 * product, most of which a deployment never calls (the idle server was about 4 MiB larger).
 * Here each route gets a stand-in that compiles the real validator (Fastify's own compiler,
 * the same options) the first time it runs, then validates and reports exactly as it would.
 */
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type BuildValidator = NonNullable<
  NonNullable<SchemaController['compilersFactory']>['buildValidator']
>;
type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];

/** What Fastify calls: Ajv's validate function, its `errors` read after a failure. */
interface Validate {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
}

/**
 * A validator that compiles `route` on first use. `schemaEnv` is set as on every Ajv function,
 * so Fastify passes the request part's parent (Ajv needs it to replace a root value).
 */
function lazyValidator(compile: (route: RouteSchema) => Validate, route: RouteSchema): Validate {
  let validate: Validate | undefined;
  const lazy: Validate & { schemaEnv: true } = Object.assign(
    (data: unknown, context?: unknown) => {
      validate ??= compile(route);
      const valid = validate(data, context);
      lazy.errors = validate.errors;
      return valid;
    },
    { errors: null, schemaEnv: true as const },
  );
  return lazy;
}

/** Fastify's `schemaController` option: its default Ajv compiler, each route's run lazily. */
export function lazySchemaController(): SchemaController {
  const buildDefault = AjvCompiler();
  const buildValidator = (...args: Parameters<typeof buildDefault>) => {
    const compile = buildDefault(...args) as (route: RouteSchema) => Validate;
    return (route: RouteSchema) => lazyValidator(compile, route);
  };
  return { compilersFactory: { buildValidator: buildValidator as unknown as BuildValidator } };
}
