/**
 * No English in a translated widget: every screen (`testing/screen-tour.ts`) rendered in es and
 * in fr, each text, accessible name, placeholder and title on it checked against every English
 * text of the catalogues whose translation differs (`testing/english-texts.ts`), and against the
 * English the fake server answers with. Each screen is checked with axe too. (The OAuth
 * success after a provider's redirect, once per page, is `oauth-landing-strings.test.ts`'s.)
 */
import { expect } from '@open-wc/testing';
import { afterEach, describe, it } from '../client/testing/mocha.js';
import { cleanUpClients } from '../client/testing/test-client.js';
import { englishIn, englishMatchers, TRANSLATIONS } from './testing/english-texts.js';
import { tourEveryScreen, visibleTexts } from './testing/screen-tour.js';

afterEach(async () => {
  await cleanUpClients();
});

describe('no English in a translated widget', () => {
  for (const [locale, translation] of Object.entries(TRANSLATIONS)) {
    it(`shows every screen in ${locale} without an English text, and axe finds nothing`, async () => {
      const matchers = englishMatchers(translation);
      // The matchers know English when they see it: plain, with a value, with a number.
      for (const english of [
        'Allow',
        'Continue with Google',
        'Digit 1 of 6',
        'Must be at least 8 characters long',
      ]) {
        expect(englishIn([english], matchers), english).to.have.length(1);
      }
      const leaks: string[] = [];
      const screens: string[] = [];
      await tourEveryScreen(locale, {}, async (screen, root) => {
        screens.push(screen);
        leaks.push(...englishIn(visibleTexts(root), matchers).map((leak) => `${screen}: ${leak}`));
        await expect(root, `${screen} in ${locale}`).to.be.accessible();
      });
      expect(leaks, leaks.join('\n')).to.deep.equal([]);
      expect(screens.length).to.be.greaterThan(40);
    });
  }
});
