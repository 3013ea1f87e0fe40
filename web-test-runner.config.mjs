/**
 * web-test-runner: the widget's browser tests (`widget/**\/*.test.ts`) in
 * headless Chromium. The browser comes from `scripts/chromium-path.mjs`:
 * `CHROME_PATH`, else Playwright's own Chromium, else Debian's `/usr/bin/chromium`.
 */
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium-path.mjs';
import { phoneMetadataTestRunnerPlugin } from './scripts/phone-metadata.mjs';
import { reactEsmPlugin } from './scripts/react-esm-plugin.mjs';
import { webauthnTestPlugin } from './scripts/webauthn-test-plugin.mjs';

export default {
  files: ['widget/**/*.test.ts'],
  nodeResolve: { exportConditions: ['production'] },
  concurrency: 1,
  // React (CommonJS only) as ES modules, for the React wrapper's tests.
  // Chromium's virtual authenticator for the passkey tests; libphonenumber-js's metadata by
  // calling code, as the builds make it.
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: 'tsconfig.json' }),
    reactEsmPlugin(),
    webauthnTestPlugin(),
    phoneMetadataTestRunnerPlugin(),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: await chromiumPath(), headless: true, args: CHROMIUM_ARGS },
    }),
  ],
  // Generous limits: the suite must pass on a loaded two-core machine beside a second test run.
  // A test waits for conditions (`waitFor`, up to 60 s each) and never for a fixed time, so a
  // test may take several of those; a file's tests run one after another in one page.
  browserStartTimeout: 180_000,
  testsStartTimeout: 180_000,
  testsFinishTimeout: 900_000,
  testFramework: { config: { timeout: 180_000 } },
};
