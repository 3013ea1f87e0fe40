import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, DEVELOPMENT_PUBLIC_TOKEN, loadConfig } from './config.js';

const dir = () => mkdtempSync(join(tmpdir(), 'velvet-config-'));

function writeConfig(content: unknown): string {
  const path = join(dir(), 'velvet.config.json');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env, dir());
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error;
  }
  assert.fail('loadConfig accepted the configuration');
}

describe('configuration', () => {
  test('defaults: port 8080, SQLite under ./data, the development project on its own origin', () => {
    const cwd = dir();
    const config = loadConfig({}, cwd);
    assert.equal(config.port, 8080);
    assert.equal(config.publicUrl, 'http://localhost:8080');
    assert.equal(config.dataDir, join(cwd, 'data'));
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.production, false);
    assert.equal(config.projects.length, 1);
    const [project] = config.projects;
    assert.equal(project?.publicToken, DEVELOPMENT_PUBLIC_TOKEN);
    assert.match(DEVELOPMENT_PUBLIC_TOKEN, /^public-token-test-/);
    assert.ok(project?.settings.authorizedOrigins.includes('http://localhost:8080'));
    assert.deepEqual(project?.settings.sms.allowedCountries, ['US', 'CA']);
    assert.equal(project?.settings.otp.defaultExpirationMinutes, 10);
  });

  test('VELVET_DEV_ORIGINS adds origins to the development project, which stays', () => {
    const config = loadConfig(
      { VELVET_DEV_ORIGINS: 'http://localhost:3000, https://Embed.example:443/' },
      dir(),
    );
    const [project] = config.projects;
    assert.equal(project?.publicToken, DEVELOPMENT_PUBLIC_TOKEN);
    const origins = project?.settings.authorizedOrigins ?? [];
    for (const origin of [
      'http://localhost:8080',
      'http://localhost:3000',
      'https://embed.example',
    ]) {
      assert.ok(origins.includes(origin), origin);
    }
    assert.match(
      configError({ VELVET_DEV_ORIGINS: 'localhost:3000' }).message,
      /VELVET_DEV_ORIGINS: must be origins separated by commas, such as http:\/\/localhost:3000/,
    );
    assert.equal(
      configError({ VELVET_DEV_ORIGINS: 'http://x.test/app' }).setting,
      'VELVET_DEV_ORIGINS',
    );
    const file = writeConfig({ projects: [{ name: 'x', publicToken: 'public-token-live-1' }] });
    assert.match(
      configError({ VELVET_DEV_ORIGINS: 'http://localhost:3000', VELVET_CONFIG: file }).message,
      /development project only; list them in the authorizedOrigins of your project in /,
    );
  });

  test('the demo: on in development, off in production unless VELVET_DEMO=true', () => {
    assert.equal(loadConfig({}, dir()).demo, true);
    assert.equal(loadConfig({ VELVET_DEMO: 'false' }, dir()).demo, false);
    const file = writeConfig({
      projects: [{ name: 'x', publicToken: 'public-token-live-12345678' }],
    });
    const production = {
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      VELVET_SECRET: 'x'.repeat(32),
      VELVET_CONFIG: file,
    };
    assert.equal(loadConfig(production, dir()).demo, false);
    assert.equal(loadConfig({ ...production, VELVET_DEMO: 'true' }, dir()).demo, true);
    assert.equal(configError({ VELVET_DEMO: 'yes' }).setting, 'VELVET_DEMO');
  });

  test('NODE_ENV: production, development (when unset) or test; anything else is named', () => {
    assert.equal(loadConfig({}, dir()).environment, 'development');
    assert.equal(loadConfig({ NODE_ENV: '' }, dir()).environment, 'development');
    assert.equal(loadConfig({ NODE_ENV: 'development' }, dir()).environment, 'development');
    const test = loadConfig({ NODE_ENV: 'test' }, dir());
    assert.equal(test.environment, 'test');
    assert.equal(test.production, false);
    assert.equal(test.demo, true);
    for (const typo of ['prod', 'Production', 'staging', 'dev']) {
      assert.equal(
        configError({ NODE_ENV: typo }).message,
        `Invalid setting NODE_ENV: must be production, development or test (unset is development), not "${typo}"`,
      );
    }
  });

  test('HOST: loopback by default outside production, explicit in production, an address or a name', () => {
    assert.equal(loadConfig({}, dir()).host, '127.0.0.1');
    assert.equal(loadConfig({ NODE_ENV: 'test' }, dir()).host, '127.0.0.1');
    for (const host of ['0.0.0.0', '::', '::1', 'localhost', 'velvet.internal', '10.0.0.7']) {
      assert.equal(loadConfig({ HOST: host }, dir()).host, host);
    }
    for (const host of ['my host', 'http://x', '-bad-', 'a..b']) {
      assert.equal(configError({ HOST: host }).setting, 'HOST', host);
    }
    const production = {
      NODE_ENV: 'production',
      VELVET_SECRET: 's'.repeat(32),
      VELVET_CONFIG: writeConfig({
        projects: [{ name: 'x', publicToken: 'public-token-live-12345678' }],
      }),
    };
    assert.match(
      configError(production).message,
      /^Invalid setting HOST: must be set when NODE_ENV=production/,
    );
    assert.equal(loadConfig({ ...production, HOST: '0.0.0.0' }, dir()).host, '0.0.0.0');
  });

  test('development refuses a live project or a real delivery vendor unless VELVET_ALLOW_DEV_SURFACES is on', () => {
    const live = writeConfig({
      projects: [
        { name: 'test', publicToken: 'public-token-test-12345678' },
        { name: 'live', publicToken: 'public-token-live-12345678' },
      ],
    });
    const refusal = configError({ NODE_ENV: 'development', VELVET_CONFIG: live });
    assert.equal(refusal.setting, 'NODE_ENV');
    assert.equal(
      refusal.message,
      `Invalid setting NODE_ENV: development serves the development outbox (codes at /dev/outbox and on the console) and the demo, but projects[1] in ${live} has a live public token: set NODE_ENV=production, or VELVET_ALLOW_DEV_SURFACES=1 to serve them anyway`,
    );
    assert.match(configError({ VELVET_CONFIG: live }).message, /NODE_ENV: unset \(development\)/);
    assert.match(configError({ NODE_ENV: 'test', VELVET_CONFIG: live }).message, /NODE_ENV: test/);
    for (const [name, value] of [
      ['TWILIO_ACCOUNT_SID', 'AC0123456789abcdef0123456789abcdef'],
      ['TWILIO_AUTH_TOKEN', 'token'],
      ['TWILIO_API_BASE_URL', 'http://127.0.0.1:9/'],
      ['SMTP_URL', 'smtp://127.0.0.1:2525'],
    ] as const) {
      assert.match(
        configError({ [name]: value }).message,
        new RegExp(`but ${name} sets up real delivery`),
        name,
      );
      // Empty counts as unset.
      assert.equal(loadConfig({ [name]: ' ' }, dir()).production, false);
    }
    for (const on of ['1', 'true']) {
      const config = loadConfig(
        { VELVET_CONFIG: live, SMTP_URL: 'smtp://127.0.0.1:2525', VELVET_ALLOW_DEV_SURFACES: on },
        dir(),
      );
      assert.equal(config.projects.length, 2);
    }
    assert.equal(
      configError({ VELVET_CONFIG: live, VELVET_ALLOW_DEV_SURFACES: '0' }).setting,
      'NODE_ENV',
    );
    assert.equal(
      configError({ VELVET_ALLOW_DEV_SURFACES: 'yes' }).setting,
      'VELVET_ALLOW_DEV_SURFACES',
    );
    // A command (npm run guests) serves nothing: it reads the live config as it is, and needs no
    // HOST in production.
    assert.equal(
      loadConfig({ VELVET_CONFIG: live, SMTP_URL: 'smtp://x' }, dir(), { command: true }).projects
        .length,
      2,
    );
    const liveOnly = writeConfig({
      projects: [
        { name: 'live', publicToken: 'public-token-live-12345678', products: ['passwords'] },
      ],
    });
    const production = { NODE_ENV: 'production', VELVET_SECRET: 's'.repeat(32) };
    assert.equal(
      loadConfig({ ...production, VELVET_CONFIG: liveOnly }, dir(), { command: true }).host,
      '127.0.0.1',
    );
    // A test project and no vendor: development as ever.
    const testOnly = writeConfig({
      projects: [{ name: 'x', publicToken: 'public-token-test-12345678' }],
    });
    assert.equal(loadConfig({ VELVET_CONFIG: testOnly }, dir()).projects.length, 1);
  });

  test('DATABASE_URL that does not parse is named without echoing it', () => {
    const error = configError({ DATABASE_URL: 'postgres://velvet:hunter2@db:port/velvet' });
    assert.equal(error.setting, 'DATABASE_URL');
    assert.doesNotMatch(error.message, /hunter2/);
  });

  test('METRICS_TOKEN: unset by default, at least 32 printable characters when set', () => {
    assert.equal(loadConfig({}, dir()).metricsToken, undefined);
    const token = 'm'.repeat(32);
    assert.equal(loadConfig({ METRICS_TOKEN: token }, dir()).metricsToken, token);
    assert.equal(configError({ METRICS_TOKEN: 'm'.repeat(31) }).setting, 'METRICS_TOKEN');
    assert.equal(configError({ METRICS_TOKEN: `${token} x` }).setting, 'METRICS_TOKEN');
  });

  test('bad environment settings are named', () => {
    assert.equal(configError({ PORT: 'eighty' }).setting, 'PORT');
    assert.equal(configError({ PORT: '70000' }).setting, 'PORT');
    assert.equal(configError({ DATABASE_URL: 'mysql://x' }).setting, 'DATABASE_URL');
    assert.equal(configError({ PUBLIC_URL: 'ftp://x' }).setting, 'PUBLIC_URL');
    assert.equal(configError({ LOG_LEVEL: 'loud' }).setting, 'LOG_LEVEL');
    assert.equal(configError({ VELVET_SECRET: 'short' }).setting, 'VELVET_SECRET');
    assert.equal(
      configError({ VELVET_SECRET_PREVIOUS: 'short' }).setting,
      'VELVET_SECRET_PREVIOUS',
    );
    const same = 'p'.repeat(32);
    assert.equal(
      configError({ VELVET_SECRET: same, VELVET_SECRET_PREVIOUS: same }).setting,
      'VELVET_SECRET_PREVIOUS',
    );
    assert.equal(configError({ VELVET_CONFIG: '/nope/velvet.json' }).setting, 'VELVET_CONFIG');
  });

  test('production needs a secret and configured live projects', () => {
    assert.equal(configError({ NODE_ENV: 'production', HOST: '::1' }).setting, 'VELVET_SECRET');
    const secret = 's'.repeat(32);
    assert.equal(
      configError({ NODE_ENV: 'production', HOST: '::1', VELVET_SECRET: secret }).setting,
      'projects',
    );
    const testToken = writeConfig({
      projects: [{ name: 'x', publicToken: DEVELOPMENT_PUBLIC_TOKEN }],
    });
    assert.match(
      configError({
        NODE_ENV: 'production',
        HOST: '::1',
        VELVET_SECRET: secret,
        VELVET_CONFIG: testToken,
      }).setting,
      /^projects\[0\]\.publicToken/,
    );
  });

  test('TRUST_PROXY: none, a hop count, or addresses and CIDRs; anything else is named', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }, dir()).trustProxy;
    assert.equal(loadConfig({}, dir()).trustProxy, false);
    assert.equal(trust('false'), false);
    assert.equal(trust('1'), 1);
    assert.deepEqual(trust('loopback'), ['loopback']);
    assert.deepEqual(trust('loopback, 10.0.0.0/8,192.0.2.7, 2001:db8::/32, uniquelocal'), [
      'loopback',
      '10.0.0.0/8',
      '192.0.2.7',
      '2001:db8::/32',
      'uniquelocal',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0/8', 'loopback,', '::1/129', 'nginx']) {
      const error = configError({ TRUST_PROXY: bad });
      assert.equal(error.setting, 'TRUST_PROXY', bad);
      assert.match(error.message, /must be false or the proxy's addresses or CIDRs \(loopback/);
    }
  });

  test('TRUST_PROXY=true, which lets a client pick its own address, is refused in production', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }, dir()).trustProxy, true, 'development');
    const production = {
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      VELVET_SECRET: 's'.repeat(32),
      VELVET_CONFIG: writeConfig({
        projects: [{ name: 'x', publicToken: 'public-token-live-12345678' }],
      }),
    };
    assert.equal(
      configError({ ...production, TRUST_PROXY: 'true' }).message,
      "Invalid setting TRUST_PROXY: true lets any client choose its own address through X-Forwarded-For; set the proxy's addresses or CIDRs (loopback, 10.0.0.0/8, …), or its hop count (1) when the server can be reached through it alone",
    );
    assert.deepEqual(loadConfig({ ...production, TRUST_PROXY: 'loopback' }, dir()).trustProxy, [
      'loopback',
    ]);
  });

  test('a hop count, which trusts whoever connects, needs a server on loopback in production', () => {
    const production = {
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      VELVET_SECRET: 's'.repeat(32),
      VELVET_CONFIG: writeConfig({
        projects: [{ name: 'x', publicToken: 'public-token-live-12345678' }],
      }),
      TRUST_PROXY: '1',
    };
    // Listening on every address, a client that connects directly would name its own address
    // in X-Forwarded-For.
    assert.equal(
      configError(production).message,
      "Invalid setting TRUST_PROXY: a hop count trusts whoever connects, and HOST=0.0.0.0 lets clients connect directly; set the proxy's addresses or CIDRs (10.0.0.0/8, …), or listen on loopback (HOST=127.0.0.1)",
    );
    assert.equal(configError({ ...production, HOST: '192.0.2.10' }).setting, 'TRUST_PROXY');
    for (const host of ['127.0.0.1', 'localhost', '::1']) {
      assert.equal(loadConfig({ ...production, HOST: host }, dir()).trustProxy, 1, host);
    }
    assert.equal(
      loadConfig({ TRUST_PROXY: '1', HOST: '0.0.0.0' }, dir()).trustProxy,
      1,
      'development',
    );
  });

  test('production refuses each plain-http trust anchor in one line; loopback and development pass', () => {
    const live = { name: 'Party', publicToken: 'public-token-live-12345678' };
    const plain = 'http://anchor.example/x';
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { trustedTokenProfiles: [{ profileId: 'p', issuer: 'i', audience: 'a', jwksUrl: plain }] },
        'trustedTokenProfiles[0].jwksUrl',
      ],
      [
        {
          botProtection: {
            captcha: {
              provider: 'turnstile',
              siteKey: 'k',
              secretKey: 's',
              mode: 'DECISIONING',
              verifyUrl: plain,
            },
          },
        },
        'botProtection.captcha.verifyUrl',
      ],
      [
        {
          botProtection: {
            captcha: {
              provider: 'turnstile',
              siteKey: 'k',
              secretKey: 's',
              mode: 'DECISIONING',
              scriptUrl: plain,
            },
          },
        },
        'botProtection.captcha.scriptUrl',
      ],
      [
        {
          idp: {
            clients: [
              { clientId: 'app', type: 'public', redirectUris: ['https://app.example/cb', plain] },
            ],
          },
        },
        'idp.clients[0].redirectUris[1]',
      ],
      [
        {
          idp: {
            clients: [
              {
                clientId: 'app',
                type: 'public',
                redirectUris: ['https://app.example/cb'],
                postLogoutRedirectUris: [plain],
              },
            ],
          },
        },
        'idp.clients[0].postLogoutRedirectUris[0]',
      ],
      [{ emailMagicLinks: { loginRedirectURLs: [plain] } }, 'emailMagicLinks.loginRedirectURLs[0]'],
      [
        {
          emailMagicLinks: {
            loginRedirectURLs: ['https://party.example/'],
            signupRedirectURLs: [plain],
          },
        },
        'emailMagicLinks.signupRedirectURLs[0]',
      ],
      [{ passwords: { resetRedirectUrls: [plain] } }, 'passwords.resetRedirectUrls[0]'],
      [{ passwords: { pwnedPasswordsUrl: plain } }, 'passwords.pwnedPasswordsUrl'],
      [{ oauth: { loginRedirectURLs: [plain] } }, 'oauth.loginRedirectURLs[0]'],
      [
        { oauth: { loginRedirectURLs: ['https://party.example/'], signupRedirectURLs: [plain] } },
        'oauth.signupRedirectURLs[0]',
      ],
      ...(
        ['issuer', 'authorizationEndpoint', 'tokenEndpoint', 'userInfoEndpoint', 'jwksUri'] as const
      ).map((endpoint): [Record<string, unknown>, string] => [
        { oauth: { providers: { gitlab: { clientId: 'c', [endpoint]: plain } } } },
        `oauth.providers.gitlab.${endpoint}`,
      ]),
    ];
    const production = (project: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) => ({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      VELVET_SECRET: 's'.repeat(32),
      VELVET_CONFIG: writeConfig({ projects: [{ ...live, ...project }] }),
      ...env,
    });
    for (const [project, setting] of cases) {
      const env = production(project);
      const error = configError(env);
      assert.equal(
        error.message,
        `Invalid setting projects[0].${setting} in ${env.VELVET_CONFIG}: must be an https:// URL in production (http only to localhost, 127.0.0.0/8 or ::1), not "${plain}"`,
      );
      // Development takes it as it is (allowed beside the live project).
      assert.equal(
        loadConfig({ VELVET_CONFIG: env.VELVET_CONFIG, VELVET_ALLOW_DEV_SURFACES: '1' }, dir())
          .projects.length,
        1,
      );
      // On this machine plain http is allowed (a sidecar, a test's peer), in every form.
      for (const loopback of [
        'http://localhost:9000/x',
        'http://127.0.0.2/x',
        'http://[::1]:9000/x',
      ]) {
        const local = JSON.parse(JSON.stringify(project).replaceAll(plain, loopback));
        assert.equal(
          loadConfig(production(local), dir()).projects.length,
          1,
          `${setting} ${loopback}`,
        );
      }
    }
    assert.equal(
      configError(production({}, { PUBLIC_URL: 'http://party.example' })).message,
      'Invalid setting PUBLIC_URL: must be an https:// URL in production (http only to localhost, 127.0.0.0/8 or ::1), not "http://party.example"',
    );
    for (const url of ['https://party.example', 'http://localhost:8080', 'http://127.0.0.1:8080']) {
      assert.equal(loadConfig(production({}, { PUBLIC_URL: url }), dir()).publicUrl, url);
    }
  });

  test('the config file: each bad setting is named with its path', () => {
    const cases: Array<[unknown, RegExp]> = [
      ['{not json', /velvet\.config\.json:1:2$/],
      [{ projects: [{ name: 'x' }] }, /^projects\[0\]\.publicToken in /],
      [{ projects: [{ name: 'x', publicToken: 'nope' }] }, /^projects\[0\]\.publicToken in /],
      [
        {
          projects: [
            {
              name: 'x',
              publicToken: 'public-token-live-12345678',
              sms: { allowedCountries: ['usa'] },
            },
          ],
        },
        /^projects\[0\]\.sms\.allowedCountries\[0\] in /,
      ],
      [
        {
          projects: [
            { name: 'x', publicToken: 'public-token-live-12345678', otp: { methods: ['fax'] } },
          ],
        },
        /^projects\[0\]\.otp\.methods\[0\] in /,
      ],
      [
        { projects: [{ name: 'x', publicToken: 'public-token-live-12345678', colour: 'red' }] },
        /^projects\[0\] in /,
      ],
      [
        {
          projects: [
            { name: 'a', publicToken: 'public-token-live-12345678' },
            { name: 'b', publicToken: 'public-token-live-12345678' },
          ],
        },
        /^projects\[1\]\.publicToken$/,
      ],
      [
        {
          projects: [
            {
              name: 'x',
              publicToken: 'public-token-live-12345678',
              sessions: { defaultDurationMinutes: 600, maxDurationMinutes: 120 },
            },
          ],
        },
        /^projects\[0\]\.sessions\.defaultDurationMinutes in /,
      ],
    ];
    for (const [content, setting] of cases) {
      const error = configError({ VELVET_CONFIG: writeConfig(content) });
      assert.match(error.setting, setting, error.message);
    }
    // Passkeys alone (the spec's 'Cannot use Passkeys by itself'): one line, at load.
    const passkeysAlone = configError({
      VELVET_CONFIG: writeConfig({
        projects: [
          { name: 'x', publicToken: 'public-token-live-12345678', products: ['passkeys'] },
        ],
      }),
    });
    assert.match(passkeysAlone.setting, /^projects\[0\]\.products in /);
    assert.match(passkeysAlone.message, /passkeys cannot be the only product/);
    assert.equal(passkeysAlone.message.split('\n').length, 1);
    const unknown = configError({
      VELVET_CONFIG: writeConfig({
        projects: [{ name: 'x', publicToken: 'public-token-live-12345678', colour: 1 }],
      }),
    });
    assert.match(unknown.message, /unknown setting "colour"/);
  });

  test('a config file that is not valid JSON is named with the line and column, and what was expected', () => {
    const lines = [
      '{',
      '  "projects": [',
      '    {',
      '      "name": "Party",',
      '      "publicToken": "public-token-test-0123456789",',
      '      "products": ["otp"]',
      '    }',
      '  ]',
      '}',
    ];
    const valid = lines.join('\n');
    const noComma = valid.replace('0123456789",', '0123456789"');
    assert.doesNotThrow(() => JSON.parse(valid));
    const cases: Array<[string, string, RegExp]> = [
      // A missing comma: JSON.parse gives the position (Node 20: "at position 99").
      [noComma, ':6:7', /expected ',' or '}' after property value$/],
      // CRLF line ends count as one line end each.
      [noComma.replaceAll('\n', '\r\n'), ':6:7', /expected ',' or '}' after property value$/],
      // "Unexpected token" comes with no position from JSON.parse: the scan finds it.
      [valid.replace('"Party"', 'Party'), ':4:15', /expected a value, not "P"$/],
      [valid.replace('"otp"]', '"otp",]'), ':6:26', /expected a value, not "]"$/],
      // The file ends early.
      [valid.slice(0, valid.indexOf('"Party"')), ':4:15', /the file ends where .* was expected$/],
    ];
    for (const [text, place, problem] of cases) {
      const path = writeConfig(text);
      const error = configError({ VELVET_CONFIG: path });
      assert.equal(error.setting, `${path}${place}`, error.message);
      assert.match(error.message, /is not valid JSON: /);
      assert.match(error.message, problem);
      assert.doesNotMatch(error.message, /position/);
    }
  });

  test('a key written twice in one object is refused with its line: JSON.parse would keep the last silently', () => {
    const text = [
      '{ "projects": [{',
      '  "name": "Party",',
      '  "publicToken": "public-token-test-0123456789",',
      '  "oauth": { "providers": { "google": { "clientId": "a" } } },',
      '  "oauth": { "providers": {} }',
      '}] }',
    ].join('\n');
    assert.doesNotThrow(() => JSON.parse(text));
    const path = writeConfig(text);
    const error = configError({ VELVET_CONFIG: path });
    assert.equal(error.setting, `${path}:5:3`);
    assert.match(
      error.message,
      /the key "oauth" is written twice in one object \(first on line 4\)/,
    );
    // The same key in two different objects is fine.
    const twoProjects = writeConfig(
      '{"projects": [\n{"name": "A", "publicToken": "public-token-test-0123456789"},\n{"name": "B", "publicToken": "public-token-test-9876543210"}\n]}',
    );
    assert.equal(loadConfig({ VELVET_CONFIG: twoProjects }, dir()).projects.length, 2);
  });

  test('a setting the schema refuses is named with the line of its key', () => {
    const text = (project: string[]) =>
      [
        '{',
        '  "projects": [',
        '    {',
        ...project.map((line) => `      ${line}`),
        '    }',
        '  ]',
        '}',
      ].join('\n');
    const token = '"publicToken": "public-token-test-0123456789",';
    const cases: Array<[string[], string]> = [
      [['"name": "Party",', token, '"colour": "red"'], 'projects[0] in PATH:6:7'],
      [
        ['"name": "Party",', token, '"otp": {', '  "methods": ["fax"]', '}'],
        'projects[0].otp.methods[0] in PATH:7:21',
      ],
      // A missing key: the object that lacks it.
      [['"name": "Party"'], 'projects[0].publicToken in PATH:3:5'],
      [
        [
          '"name": "Party",',
          token,
          '"sessions": { "defaultDurationMinutes": 600, "maxDurationMinutes": 120 }',
        ],
        'projects[0].sessions.defaultDurationMinutes in PATH:6:21',
      ],
    ];
    for (const [project, setting] of cases) {
      const path = writeConfig(text(project));
      const error = configError({ VELVET_CONFIG: path });
      assert.equal(error.setting, setting.replace('PATH', path), error.message);
    }
  });

  test('a valid config file replaces the development project and fills the defaults', () => {
    const path = writeConfig({
      projects: [
        {
          name: 'Party',
          publicToken: 'public-token-test-0123456789',
          authorizedOrigins: ['https://Party.example:443/'],
          otp: { methods: ['sms'], defaultExpirationMinutes: 5 },
          sms: { allowedCountries: ['US'] },
        },
        { name: 'Other', publicToken: 'public-token-test-other-0123456789' },
      ],
    });
    const config = loadConfig({ VELVET_CONFIG: path }, dir());
    assert.equal(config.projects.length, 2);
    const settings = config.projects[0]?.settings;
    assert.deepEqual(settings?.authorizedOrigins, ['https://party.example']);
    assert.deepEqual(settings?.otp.methods, ['sms']);
    assert.equal(settings?.otp.defaultExpirationMinutes, 5);
    assert.equal(settings?.sessions.defaultDurationMinutes, 60);
    // The first project is the invitation site's: its guests' 30-day sessions are allowed.
    assert.equal(settings?.sessions.siteGuestDurationDays, 30);
    assert.equal(settings?.sessions.maxDurationMinutes, 30 * 24 * 60);
    // Any other keeps the usual maximum.
    assert.equal(config.projects[1]?.settings.sessions.maxDurationMinutes, 7 * 24 * 60);
  });

  test("the site's guest sessions: the first project's maximum is raised to them, never lowered, and no other project sets them", () => {
    const load = (projects: unknown[]) =>
      loadConfig({ VELVET_CONFIG: writeConfig({ projects }) }, dir()).projects;
    const party = { name: 'Party', publicToken: 'public-token-test-0123456789' };
    const two = load([{ ...party, sessions: { siteGuestDurationDays: 2 } }]);
    assert.equal(two[0]?.settings.sessions.maxDurationMinutes, 7 * 24 * 60);
    const long = load([
      { ...party, sessions: { siteGuestDurationDays: 90, maxDurationMinutes: 60 * 24 * 60 } },
    ]);
    assert.equal(long[0]?.settings.sessions.maxDurationMinutes, 90 * 24 * 60);
    assert.equal(load([party])[0]?.settings.sessions.maxDurationMinutes, 30 * 24 * 60);
    const error = configError({
      VELVET_CONFIG: writeConfig({
        projects: [
          party,
          {
            name: 'Other',
            publicToken: 'public-token-test-other-0123456789',
            sessions: { siteGuestDurationDays: 5 },
          },
        ],
      }),
    });
    assert.match(error.setting, /^projects\[1\]\.sessions\.siteGuestDurationDays in /);
    assert.match(error.message, /belongs to the first project/);
  });

  test('the development project offers OAuth through the development identity provider: all 19 providers and One Tap, landing as magic links do', () => {
    const [project] = loadConfig({}, dir()).projects;
    assert.ok(project);
    assert.ok(project.settings.products.includes('oauth'));
    const { providers, loginRedirectURLs, signupRedirectURLs } = project.settings.oauth;
    assert.equal(Object.keys(providers).length, 19);
    for (const [name, provider] of Object.entries(providers)) {
      assert.equal(provider.development, true, name);
      assert.equal(provider.clientId, `velvet-development-${name}`);
    }
    assert.deepEqual(loginRedirectURLs, project.settings.emailMagicLinks.loginRedirectURLs);
    assert.deepEqual(signupRedirectURLs, loginRedirectURLs);
    assert.ok(loginRedirectURLs.includes('http://localhost:8080/demo/'));
  });

  test('"development": true on a provider: taken in development, refused in production in one line', () => {
    const configWith = (publicToken: string) =>
      writeConfig({
        projects: [
          {
            name: 'Party',
            publicToken,
            products: ['oauth'],
            oauth: {
              providers: { github: { clientId: 'my-dev-app', development: true } },
              loginRedirectURLs: ['https://party.example/'],
            },
          },
        ],
      });
    const config = loadConfig({ VELVET_CONFIG: configWith('public-token-test-0123456789') }, dir());
    const path = configWith('public-token-live-0123456789');
    assert.equal(config.projects[0]?.settings.oauth.providers.github?.development, true);
    const error = configError({
      NODE_ENV: 'production',
      HOST: '::1',
      VELVET_SECRET: 's'.repeat(32),
      VELVET_CONFIG: path,
    });
    assert.equal(
      error.message,
      `Invalid setting projects[0].oauth.providers.github.development in ${path}: is the development identity provider, which production does not serve: remove it and give github's real clientId and clientSecret`,
    );
    assert.doesNotMatch(error.message, /\n/);
  });

  test('the text breaker’s settings: the per-prefix limit is half of sms.maxPerHour unless given, and the guest list only is off unless set', () => {
    const settingsOf = (sms: unknown) =>
      loadConfig(
        {
          VELVET_CONFIG: writeConfig({
            projects: [{ name: 'Party', publicToken: 'public-token-test-0123456789', sms }],
          }),
        },
        dir(),
      ).projects[0]?.settings.sms;
    assert.deepEqual(settingsOf({}), {
      allowedCountries: ['US', 'CA'],
      maxPerHour: 300,
      maxPerHourPerPrefix: 150,
      guestListOnly: false,
    });
    assert.equal(settingsOf({ maxPerHour: 41 })?.maxPerHourPerPrefix, 21);
    const set = settingsOf({ maxPerHourPerPrefix: 20, guestListOnly: true });
    assert.equal(set?.maxPerHourPerPrefix, 20);
    assert.equal(set?.guestListOnly, true);
    const bad = configError({
      VELVET_CONFIG: writeConfig({
        projects: [
          {
            name: 'Party',
            publicToken: 'public-token-live-0123456789',
            sms: { guestListOnly: 'yes' },
          },
        ],
      }),
    });
    assert.match(bad.message, /sms\.guestListOnly/);
  });

  test('start-up stops with a message naming the bad setting', () => {
    const root = join(import.meta.dirname, '..', '..');
    const run = (env: NodeJS.ProcessEnv) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dir(), ...env },
        encoding: 'utf8',
        // Kills a start-up that never stops, never a slow one (tsx compiles the server first).
        timeout: 600_000,
      });
    const badPort = run({ PORT: 'eighty' });
    assert.equal(badPort.status, 1);
    assert.match(badPort.stderr, /velvet: Invalid setting PORT: must be a whole number/);

    const config = writeConfig({
      projects: [{ name: 'Party', publicToken: 'public-token-live-0123456789' }],
    });
    const noDelivery = run({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      VELVET_SECRET: 's'.repeat(32),
      VELVET_CONFIG: config,
      TWILIO_ACCOUNT_SID: '',
      SMTP_URL: '',
    });
    assert.equal(noDelivery.status, 1);
    const halfTwilio = run({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      VELVET_SECRET: 's'.repeat(32),
      VELVET_CONFIG: config,
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
      TWILIO_SMS_FROM: '+15017122661',
    });
    assert.equal(halfTwilio.status, 1);
    assert.match(
      halfTwilio.stderr,
      /^velvet: Invalid setting TWILIO_AUTH_TOKEN: Twilio is partly configured: set it$/m,
    );
    assert.doesNotMatch(halfTwilio.stderr, /\n\s+at /, 'one clear line, no stack trace');
    assert.match(
      noDelivery.stderr,
      /production needs a delivery adapter for every enabled channel; none for sms, whatsapp, email/,
    );
  });
});
