import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Fastify from 'fastify';
import { lazySchemaController } from './lazy-validators.js';

const AJV = { customOptions: { coerceTypes: false, allErrors: true, removeAdditional: false } };

const BODY_SCHEMA = {
  type: 'object',
  required: ['phone_number'],
  properties: {
    phone_number: { type: 'string', minLength: 3 },
    expiration_minutes: { type: 'integer', minimum: 1, default: 5 },
  },
  additionalProperties: false,
} as const;

/** An app with one validated route that echoes the body it validated. */
async function appWith(lazy: boolean, schema: object = BODY_SCHEMA) {
  const app = Fastify({
    logger: false,
    ajv: AJV,
    ...(lazy ? { schemaController: lazySchemaController() } : {}),
  });
  app.post('/echo', { schema: { body: schema } }, async (request) => ({ body: request.body }));
  await app.ready();
  return app;
}

describe('lazySchemaController', () => {
  test('validates, reports and fills defaults exactly as Fastify compiling at start-up', async () => {
    const eager = await appWith(false);
    const lazy = await appWith(true);
    const bodies = [
      { phone_number: '+14155550100' },
      { phone_number: '+14155550100', expiration_minutes: 10 },
      {},
      { phone_number: 1, expiration_minutes: 'x', extra: true },
      { phone_number: 'ab' },
    ];
    for (const body of bodies) {
      const [expected, actual] = await Promise.all(
        [eager, lazy].map((app) => app.inject({ method: 'POST', url: '/echo', payload: body })),
      );
      assert.equal(actual?.statusCode, expected?.statusCode, JSON.stringify(body));
      assert.deepEqual(actual?.json(), expected?.json(), JSON.stringify(body));
    }
    await Promise.all([eager.close(), lazy.close()]);
  });

  test("response schemas serialize as with Fastify's own serializer compiler", async () => {
    const responses = await Promise.all(
      [false, true].map(async (lazy) => {
        const app = Fastify({
          logger: false,
          ...(lazy ? { schemaController: lazySchemaController() } : {}),
        });
        app.get(
          '/answer',
          {
            schema: {
              response: { 200: { type: 'object', properties: { shown: { type: 'string' } } } },
            },
          },
          async () => ({ shown: 'yes', hidden: 'no' }),
        );
        const response = await app.inject({ method: 'GET', url: '/answer' });
        await app.close();
        return response.body;
      }),
    );
    assert.equal(responses[1], responses[0]);
    assert.equal(responses[1], '{"shown":"yes"}');
  });

  test('compiles a route schema on its first request, not at start-up', async () => {
    const broken = { type: 'object', properties: { a: { type: 'no-such-type' } } };
    await assert.rejects(appWith(false, broken));
    const app = await appWith(true, broken);
    const response = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    assert.equal(response.statusCode, 500);
    await app.close();
  });
});
