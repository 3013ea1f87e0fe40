import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError } from '../config/config-error.js';
import { deliveryRoutesFromEnv, missingChannels } from './delivery-routes.js';
import { DevOutbox } from './outbox.js';
import { SmtpAdapter } from './smtp.js';
import { TwilioAdapter } from './twilio.js';

const TWILIO = {
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'f00dfeedf00dfeedf00dfeedf00dfeed',
};
const SMTP = {
  SMTP_URL: 'smtp://velvet:secret@mail.example:587?requireTLS=true',
  EMAIL_FROM: 'Velvet <no-reply@velvet.example>',
};

/** The adapter name for each channel, `-` when the channel has no route. */
function routeNames(env: NodeJS.ProcessEnv, production: boolean): Record<string, string> {
  const { routes } = deliveryRoutesFromEnv(env, { production, outbox: new DevOutbox() });
  return {
    sms: routes.sms?.name ?? '-',
    whatsapp: routes.whatsapp?.name ?? '-',
    email: routes.email?.name ?? '-',
  };
}

describe('deliveryRoutesFromEnv', () => {
  test('without vendors, development sends everything to the given outbox', () => {
    const outbox = new DevOutbox();
    const { routes, adapters } = deliveryRoutesFromEnv({}, { production: false, outbox });
    assert.equal(routes.sms, outbox);
    assert.equal(routes.whatsapp, outbox);
    assert.equal(routes.email, outbox);
    assert.deepEqual(adapters, [outbox]);
  });

  test('without vendors and without an outbox, development makes one', () => {
    const { routes, adapters } = deliveryRoutesFromEnv({}, { production: false });
    assert.ok(routes.sms instanceof DevOutbox);
    assert.equal(routes.email, routes.sms);
    assert.deepEqual(adapters, [routes.sms]);
  });

  test('without vendors, production has no routes and never uses the outbox', () => {
    const { routes, adapters } = deliveryRoutesFromEnv(
      {},
      { production: true, outbox: new DevOutbox() },
    );
    assert.deepEqual(routes, {});
    assert.deepEqual(adapters, []);
  });

  test('Twilio with an SMS sender carries SMS; the rest goes to the outbox in development', () => {
    const env = { ...TWILIO, TWILIO_SMS_FROM: '+15017122661' };
    assert.deepEqual(routeNames(env, false), {
      sms: 'twilio',
      whatsapp: 'outbox',
      email: 'outbox',
    });
    assert.deepEqual(routeNames(env, true), { sms: 'twilio', whatsapp: '-', email: '-' });
  });

  test('a Messaging Service alone is enough for SMS', () => {
    const env = { ...TWILIO, TWILIO_MESSAGING_SERVICE_SID: 'MG0123456789abcdef0123456789abcdef' };
    assert.deepEqual(routeNames(env, true), { sms: 'twilio', whatsapp: '-', email: '-' });
  });

  test('Twilio with a WhatsApp sender alone carries WhatsApp only', () => {
    const env = { ...TWILIO, TWILIO_WHATSAPP_FROM: '+14155238886' };
    assert.deepEqual(routeNames(env, true), { sms: '-', whatsapp: 'twilio', email: '-' });
    assert.deepEqual(routeNames(env, false), {
      sms: 'outbox',
      whatsapp: 'twilio',
      email: 'outbox',
    });
  });

  test('every vendor configured: one adapter per vendor, no outbox even in development', () => {
    const env = {
      ...TWILIO,
      ...SMTP,
      TWILIO_SMS_FROM: '+15017122661',
      TWILIO_WHATSAPP_FROM: '+14155238886',
    };
    for (const production of [false, true]) {
      const outbox = new DevOutbox();
      const { routes, adapters } = deliveryRoutesFromEnv(env, { production, outbox });
      assert.ok(routes.sms instanceof TwilioAdapter);
      assert.equal(routes.whatsapp, routes.sms);
      assert.ok(routes.email instanceof SmtpAdapter);
      assert.deepEqual(adapters, [routes.sms, routes.email]);
    }
  });

  test('SMTP alone carries email', () => {
    assert.deepEqual(routeNames(SMTP, true), { sms: '-', whatsapp: '-', email: 'smtp' });
    assert.deepEqual(routeNames(SMTP, false), { sms: 'outbox', whatsapp: 'outbox', email: 'smtp' });
  });

  test('empty values count as unset', () => {
    const env = {
      TWILIO_ACCOUNT_SID: '',
      TWILIO_AUTH_TOKEN: ' ',
      SMTP_URL: '',
      EMAIL_FROM: '',
    };
    assert.deepEqual(routeNames(env, true), { sms: '-', whatsapp: '-', email: '-' });
  });

  test('partial Twilio settings name the missing variable', () => {
    const cases: [NodeJS.ProcessEnv, RegExp][] = [
      [
        { TWILIO_ACCOUNT_SID: TWILIO.TWILIO_ACCOUNT_SID, TWILIO_SMS_FROM: '+15017122661' },
        /TWILIO_AUTH_TOKEN/,
      ],
      [
        { TWILIO_AUTH_TOKEN: TWILIO.TWILIO_AUTH_TOKEN, TWILIO_SMS_FROM: '+15017122661' },
        /TWILIO_ACCOUNT_SID/,
      ],
      [{ TWILIO_SMS_FROM: '+15017122661' }, /TWILIO_ACCOUNT_SID/],
      [TWILIO, /TWILIO_SMS_FROM, TWILIO_MESSAGING_SERVICE_SID or TWILIO_WHATSAPP_FROM/],
      [
        { ...TWILIO, TWILIO_SMS_FROM: '+15017122661', TWILIO_API_BASE_URL: 'localhost:4010' },
        /TWILIO_API_BASE_URL/,
      ],
    ];
    for (const [env, message] of cases) {
      for (const production of [false, true]) {
        assert.throws(() => deliveryRoutesFromEnv(env, { production }), message);
      }
    }
  });

  test('partial SMTP settings name the missing variable', () => {
    assert.throws(
      () => deliveryRoutesFromEnv({ SMTP_URL: SMTP.SMTP_URL }, { production: false }),
      /EMAIL_FROM/,
    );
    assert.throws(
      () => deliveryRoutesFromEnv({ EMAIL_FROM: SMTP.EMAIL_FROM }, { production: true }),
      /SMTP_URL/,
    );
  });

  test('a malformed SMTP_URL is named without echoing its password', () => {
    assert.throws(
      () =>
        deliveryRoutesFromEnv(
          { SMTP_URL: 'mail.example:587 secret', EMAIL_FROM: SMTP.EMAIL_FROM },
          { production: true },
        ),
      (error: unknown) =>
        error instanceof Error &&
        error.message.includes('SMTP_URL') &&
        !error.message.includes('secret'),
    );
  });

  test('production refuses a relay that may send in plain text, without echoing its password', () => {
    const production = (url: string) => () =>
      deliveryRoutesFromEnv({ SMTP_URL: url, EMAIL_FROM: SMTP.EMAIL_FROM }, { production: true });
    const plain = 'smtp://velvet:secret@mail.example:587';
    assert.throws(production(plain), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(
        error.message,
        'Invalid setting SMTP_URL: smtp:// may send in plain text: in production use smtps://…:465, or smtp://…:587?requireTLS=true (plain only to localhost, 127.0.0.0/8 or ::1)',
      );
      return true;
    });
    assert.throws(
      production('smtps://velvet:secret@mail.example:465?tls.rejectUnauthorized=false'),
      (error: unknown) =>
        error instanceof ConfigError &&
        /tls\.rejectUnauthorized=false skips the relay's certificate check/.test(error.message) &&
        !error.message.includes('secret'),
    );
    for (const url of [
      'smtps://velvet:secret@mail.example:465',
      'smtp://velvet:secret@mail.example:587?requireTLS=true',
      'smtp://127.0.0.1:2525',
      'smtp://localhost:25',
      'smtp://[::1]:25',
    ]) {
      assert.equal(production(url)().routes.email?.name, 'smtp', url);
    }
    // Development sends through any relay.
    assert.equal(routeNames({ ...SMTP, SMTP_URL: plain }, false).email, 'smtp');
  });

  test('production refuses a plain-http Twilio API, which the auth token goes to', () => {
    const env = { ...TWILIO, TWILIO_SMS_FROM: '+15017122661' };
    assert.throws(
      () =>
        deliveryRoutesFromEnv(
          { ...env, TWILIO_API_BASE_URL: 'http://twilio-proxy.example' },
          { production: true },
        ),
      /^ConfigError: Invalid setting TWILIO_API_BASE_URL: must be an https:\/\/ URL in production \(http only to localhost, 127\.0\.0\.0\/8 or ::1\), not "http:\/\/twilio-proxy\.example"$/,
    );
    for (const url of ['https://twilio-proxy.example', 'http://127.0.0.1:4010']) {
      const { routes } = deliveryRoutesFromEnv(
        { ...env, TWILIO_API_BASE_URL: url },
        { production: true },
      );
      assert.equal(routes.sms?.name, 'twilio', url);
    }
    assert.equal(
      routeNames({ ...env, TWILIO_API_BASE_URL: 'http://twilio-proxy.example' }, false).sms,
      'twilio',
    );
  });
});

describe('missingChannels', () => {
  test('lists the wanted channels without a route, once each', () => {
    const { routes } = deliveryRoutesFromEnv(
      { ...TWILIO, TWILIO_SMS_FROM: '+15017122661' },
      { production: true },
    );
    assert.deepEqual(missingChannels(routes, ['email', 'sms', 'whatsapp', 'email']), [
      'email',
      'whatsapp',
    ]);
    assert.deepEqual(missingChannels(routes, ['sms']), []);
    assert.deepEqual(missingChannels(routes, []), []);
  });
});
