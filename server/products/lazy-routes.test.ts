import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { lazyRoutes } from './lazy-routes.js';

/** A product's routes in the shapes the products use: shorthand with and without options. */
function greetingRoutes(app: FastifyInstance, deps: { greeter: { greet(name: string): string } }) {
  const { greeter } = deps;
  app.post<{ Body: { name: string } }>(
    '/greet',
    {
      schema: {
        body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      },
    },
    async (request) => ({ greeting: greeter.greet(request.body.name) }),
  );
  app.get('/greeter', async () => ({ ready: deps.greeter.greet('') !== undefined }));
}

describe('lazy routes', () => {
  test('declared at start, built on the first request, then called directly', async () => {
    const app = Fastify();
    let loads = 0;
    lazyRoutes(app, greetingRoutes, async () => {
      loads += 1;
      return { greeter: { greet: (name: string) => `hello ${name}` } };
    });
    await app.ready();
    assert.equal(loads, 0);

    // The schema answers before the implementation is needed.
    const invalid = await app.inject({ method: 'POST', url: '/greet', payload: {} });
    assert.equal(invalid.statusCode, 400);
    assert.equal(loads, 0);
    // An undeclared path is still a 404.
    assert.equal((await app.inject({ method: 'GET', url: '/nope' })).statusCode, 404);

    const [first, second] = await Promise.all([
      app.inject({ method: 'POST', url: '/greet', payload: { name: 'a' } }),
      app.inject({ method: 'POST', url: '/greet', payload: { name: 'b' } }),
    ]);
    assert.deepEqual(first.json(), { greeting: 'hello a' });
    assert.deepEqual(second.json(), { greeting: 'hello b' });
    assert.deepEqual((await app.inject({ method: 'GET', url: '/greeter' })).json(), {
      ready: true,
    });
    assert.equal(loads, 1);
    await app.close();
  });

  test('a failed load answers as the error and is tried again by the next request', async () => {
    const app = Fastify();
    let loads = 0;
    lazyRoutes(app, greetingRoutes, async () => {
      loads += 1;
      if (loads === 1) throw new Error('not yet');
      return { greeter: { greet: (name: string) => `hi ${name}` } };
    });
    const failed = await app.inject({ method: 'POST', url: '/greet', payload: { name: 'a' } });
    assert.equal(failed.statusCode, 500);
    const answered = await app.inject({ method: 'POST', url: '/greet', payload: { name: 'a' } });
    assert.deepEqual(answered.json(), { greeting: 'hi a' });
    assert.equal(loads, 2);
    await app.close();
  });

  test('a dependency used while the routes register fails at start', () => {
    const app = Fastify();
    assert.throws(
      () =>
        lazyRoutes(
          app,
          (_app, deps: { greeter: { greet(name: string): string } }) => {
            deps.greeter.greet('now');
          },
          async () => ({ greeter: { greet: () => '' } }),
        ),
      /used at registration/,
    );
  });
});
