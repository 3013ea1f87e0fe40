import { expect } from '@open-wc/testing';
import { describe, it } from '../client/testing/mocha.js';
import { cryptoStrings } from '../products/crypto/crypto-strings.js';
import { magicLinkEn } from '../products/magic-links/magic-links.strings.js';
import { passcodeEn } from '../products/otp/passcode-strings.js';
import { passkeysEn } from '../products/passkeys/passkey-strings.js';
import { passwordEn } from '../products/passwords/password-strings.js';
import type { LocaleCatalogue } from './catalogue.js';
import { en } from './en.js';
import es from './es.js';
import fr from './fr.js';

const ENGLISH = {
  core: en,
  passcodes: passcodeEn,
  magicLinks: magicLinkEn,
  passwords: passwordEn,
  passkeys: passkeysEn,
  crypto: cryptoStrings,
} as const;

describe('locale catalogues', () => {
  it('a catalogue missing a text or an error is a type error', () => {
    const { mainTitle: _title, ...coreWithoutTitle } = es.core;
    // @ts-expect-error: `core.mainTitle` is missing
    const missingText: LocaleCatalogue = { ...es, core: coreWithoutTitle };
    const { captcha_required: _captcha, ...errorsWithoutOne } = fr.errors;
    // @ts-expect-error: `errors.captcha_required` is missing
    const missingError: LocaleCatalogue = { ...fr, errors: errorsWithoutOne };
    const wrongType: LocaleCatalogue = {
      ...es,
      // @ts-expect-error: a text with values must stay a function
      passcodes: { ...es.passcodes, passcodeSentTo: 'x' },
    };
    expect(missingText.core.mainTitle).to.equal(undefined);
    expect(missingError.errors.captcha_required).to.equal(undefined);
    expect(wrongType.passcodes.passcodeSentTo).to.equal('x');
  });

  for (const catalogue of [es, fr]) {
    it(`${catalogue.lang} has exactly the English keys, each translated and of the same kind`, () => {
      for (const [part, english] of Object.entries(ENGLISH)) {
        const translated = catalogue[part as keyof typeof ENGLISH] as Record<string, unknown>;
        expect(Object.keys(translated).sort(), part).to.deep.equal(Object.keys(english).sort());
        for (const [key, value] of Object.entries(english as Record<string, unknown>)) {
          const ours = translated[key];
          expect(typeof ours, `${part}.${key}`).to.equal(typeof value);
          if (typeof value === 'function' && typeof ours === 'function') {
            expect(ours.length, `${part}.${key} takes the same values`).to.equal(value.length);
            // Every value the English text shows, the translation shows too.
            const [a, b] = ['⟨first⟩', '⟨second⟩'];
            for (const shown of [a, b].filter((v) => String(value(a, b)).includes(v))) {
              expect(String(ours(a, b)), `${part}.${key}`).to.include(shown);
            }
          }
        }
      }
      for (const message of Object.values(catalogue.errors)) expect(message).to.not.equal('');
    });
  }

  it('translates the spec’s texts', () => {
    expect(es.core.mainTitle).to.equal('Regístrate o inicia sesión');
    expect(fr.core.mainTitle).to.equal('Inscrivez-vous ou connectez-vous');
    expect(es.passcodes.passcodeSentTo('+1 415')).to.include('+1 415');
    expect(fr.passwords.ludsLength(1)).to.equal('Doit contenir au moins 1 caractère');
    expect(fr.passwords.ludsLength(8)).to.equal('Doit contenir au moins 8 caractères');
    expect(es.passwords.ludsLength(8)).to.equal('Debe tener al menos 8 caracteres');
  });
});
