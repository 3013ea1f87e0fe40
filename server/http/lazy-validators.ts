/**
 * Route schemas compiled on a route's first request instead of at start-up. Fastify compiles
 * every route's JSON schema with Ajv when it starts: generated code for the routes of every
 * product, most of which a deployment never calls (the idle server was about 4 MiB larger).
 * Here each route gets a stand-in that compiles the real validator (Fastify's own compiler,
 * the same options) the first time it runs, then validates and reports exactly as it would.
 * Ajv is not even loaded until then.
 */
import { createRequire } from 'node:module';
import type { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type BuildValidator = NonNullable<
  NonNullable<SchemaController['compilersFactory']>['buildValidator']
>;
type BuildSerializer = NonNullable<
  NonNullable<SchemaController['compilersFactory']>['buildSerializer']
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

/**
 * Fastify's `schemaController` option: its default Ajv compiler, each route's run lazily. Ajv
 * itself is required on the first compilation, so a server that validates nothing yet has not
 * loaded it.
 */
export function lazySchemaController(): SchemaController {
  let pool: ReturnType<typeof AjvCompiler> | undefined;
  const buildValidator = (...args: Parameters<ReturnType<typeof AjvCompiler>>) => {
    let compile: ((route: RouteSchema) => Validate) | undefined;
    const compileOnce = (route: RouteSchema) => {
      pool ??= (
        createRequire(import.meta.url)('@fastify/ajv-compiler') as {
          AjvCompiler: typeof AjvCompiler;
        }
      ).AjvCompiler();
      compile ??= pool(...args) as (route: RouteSchema) => Validate;
      return compile(route);
    };
    return (route: RouteSchema) => lazyValidator(compileOnce, route);
  };
  // Response schemas (none today) compile as Fastify would, with its serializer compiler
  // required on first use: loaded at start, it loads Ajv too.
  let serializers: ((...args: unknown[]) => (route: unknown) => unknown) | undefined;
  const buildSerializer = (...args: unknown[]) => {
    let compile: ((route: unknown) => unknown) | undefined;
    return (route: unknown) => {
      serializers ??= (
        createRequire(import.meta.url)('@fastify/fast-json-stringify-compiler') as {
          SerializerSelector: () => (...args: unknown[]) => (route: unknown) => unknown;
        }
      ).SerializerSelector();
      compile ??= serializers(...args);
      return compile(route);
    };
  };
  return {
    compilersFactory: {
      buildValidator: buildValidator as unknown as BuildValidator,
      buildSerializer: buildSerializer as unknown as BuildSerializer,
    },
  };
}
