import { expect } from '@open-wc/testing';
import { describe, it } from '../client/testing/mocha.js';
import { ConfigErrors, checkConfig } from './validate-config.js';

describe('checkConfig', () => {
  it('defaults to the email magic-link product', () => {
    const { config, problems, configError } = checkConfig(undefined);
    expect(config.products).to.deep.equal(['emailMagicLinks']);
    expect(problems).to.deep.equal([]);
    expect(configError).to.equal(undefined);
  });

  it('keeps a valid SMS configuration as given', () => {
    const input = {
      products: ['otp'],
      otpOptions: { methods: ['sms'], expirationMinutes: 10 },
      sessionOptions: { sessionDurationMinutes: 60 },
      enableShadowDOM: true,
      colors: { primary: '#c2185b' },
    };
    const { config, problems } = checkConfig(input);
    expect(problems).to.deep.equal([]);
    expect(config).to.deep.equal(input);
  });

  it('keeps every theme option, at the top level and under theme', () => {
    const button = {
      backgroundColor: '#111',
      textColor: 'white',
      borderColor: 'rgb(1, 2, 3)',
      borderRadius: '4px',
    };
    const theme = {
      container: {
        backgroundColor: '#fff',
        borderColor: 'red',
        borderRadius: '8px',
        width: '24rem',
      },
      colors: { primary: '#123', secondary: '#456', success: 'green', error: 'red' },
      buttons: { primary: button, secondary: button, disabled: button },
      inputs: {
        backgroundColor: '#fff',
        borderColor: '#000',
        borderRadius: '2px',
        placeholderColor: 'gray',
        textColor: 'black',
      },
      typography: {
        fontFamily: 'Georgia, serif',
        fontSize: '1rem',
        titleColor: 'navy',
        textColor: 'black',
      },
      fontFamily: 'Arial',
      hideHeaderText: true,
      logo: { logoImageUrl: 'https://example.com/logo.png' },
    };
    const input = { products: ['otp'], ...theme, theme };
    const { config, problems } = checkConfig(input);
    expect(problems).to.deep.equal([]);
    expect(config).to.deep.include(input);
  });

  it('reports unknown and mistyped options by path, and leaves them out', () => {
    const { config, problems } = checkConfig({
      products: ['otp', 'fax'],
      otpOptions: { methods: ['sms'], expirationMinutes: '10' },
      enableShadowDom: true,
      hideHeaderText: 'yes',
    });
    expect(problems).to.deep.equal([
      'products[1] must be one of "oauth", "crypto", "emailMagicLinks", "otp", "passwords", "passkeys"; got "fax".',
      'otpOptions.expirationMinutes must be a number; got "10".',
      'Unknown option enableShadowDom (did you mean enableShadowDOM?).',
      'hideHeaderText must be a boolean; got "yes".',
    ]);
    expect(config.products).to.deep.equal(['otp']);
    expect(config.otpOptions).to.deep.equal({ methods: ['sms'], expirationMinutes: 10 });
    expect('enableShadowDom' in config).to.equal(false);
  });

  it('reports theme values the browser cannot use, and leaves them out', () => {
    const { config, problems } = checkConfig({
      products: ['otp'],
      colors: { primary: 'blurple', secondary: 'rgb(10, 20, 30)' },
      container: { width: 'wide', borderRadius: '12px' },
      buttons: { primary: { backgroundColor: 'red; display: none', borderRadius: '20 px' } },
      theme: { inputs: { borderColor: '#12345' } },
      typography: { fontSize: 'big', fontFamily: 'Georgia, serif' },
      fontFamily: '12px',
    });
    expect(problems).to.deep.equal([
      'colors.primary must be a CSS colour; got "blurple".',
      'container.width must be a CSS length; got "wide".',
      'buttons.primary.backgroundColor must be a CSS colour; got "red; display: none".',
      'buttons.primary.borderRadius must be a CSS length; got "20 px".',
      'theme.inputs.borderColor must be a CSS colour; got "#12345".',
      'typography.fontSize must be a CSS font size; got "big".',
      'fontFamily must be a CSS font family; got "12px".',
    ]);
    expect(config.colors).to.deep.equal({ secondary: 'rgb(10, 20, 30)' });
    expect(config.container).to.deep.equal({ borderRadius: '12px' });
    expect(config.buttons).to.deep.equal({ primary: {} });
    expect(config.typography).to.deep.equal({ fontFamily: 'Georgia, serif' });
    expect('fontFamily' in config).to.equal(false);
  });

  it('gives the spec’s configuration errors', () => {
    expect(checkConfig({ products: ['passkeys'] }).configError).to.equal(
      ConfigErrors.passkeysAlone,
    );
    expect(
      checkConfig({
        products: ['emailMagicLinks', 'otp'],
        otpOptions: { methods: ['email'], expirationMinutes: 5 },
      }).configError,
    ).to.equal(ConfigErrors.emlAndEmailOtp);
    expect(checkConfig({ products: ['passkeys', 'otp'] }).configError).to.equal(undefined);
  });

  it('a config that is not an object is a problem, not a crash', () => {
    const { config, problems } = checkConfig('otp');
    expect(problems[0]).to.match(/^config must be an object/);
    expect(config.products).to.deep.equal(['emailMagicLinks']);
  });
});
