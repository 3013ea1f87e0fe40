import { expect } from '@open-wc/testing';
import { describe, it } from '../client/testing/mocha.js';
import type { WidgetTheme } from '../config/widget-config.js';
import { THEME_DEFAULTS, themeDefaultsCss, themeProperties } from './theme.js';

describe('theme', () => {
  it('has the spec’s layout defaults, the sizes in rem: the spec’s px at the default text size', () => {
    const probe = document.createElement('div');
    document.body.append(probe);
    const px = (value: string) => {
      probe.style.width = value;
      return getComputedStyle(probe).width;
    };
    try {
      expect(getComputedStyle(document.documentElement).fontSize).to.equal('16px');
      expect(THEME_DEFAULTS['--velvet-container-width']).to.equal('25rem');
      expect(px(THEME_DEFAULTS['--velvet-container-width'])).to.equal('400px');
      expect(px(THEME_DEFAULTS['--velvet-button-height'])).to.equal('45px');
      expect(px(THEME_DEFAULTS['--velvet-input-height'])).to.equal('47px');
      expect(px(THEME_DEFAULTS['--velvet-font-size'])).to.equal('16px');
    } finally {
      probe.remove();
    }
    expect(THEME_DEFAULTS['--velvet-container-radius']).to.equal('8px');
    expect(THEME_DEFAULTS['--velvet-button-radius']).to.equal('4px');
    expect(THEME_DEFAULTS['--velvet-font-family']).to.equal('Arial, Helvetica, sans-serif');
    expect(themeDefaultsCss()).to.contain('--velvet-container-width: 25rem;');
  });

  it('maps the theme config to custom properties, and only what it names', () => {
    expect(
      themeProperties({
        colors: { primary: '#c2185b' },
        container: { width: '360px', borderRadius: '12px' },
        buttons: { primary: { backgroundColor: '#111', borderRadius: '999px' } },
        inputs: { borderColor: '#222' },
        fontFamily: 'Georgia, serif',
      }),
    ).to.deep.equal({
      '--velvet-primary': '#c2185b',
      '--velvet-container-width': '360px',
      '--velvet-container-radius': '12px',
      '--velvet-button-primary-background': '#111',
      '--velvet-button-primary-radius': '999px',
      '--velvet-input-border': '#222',
      '--velvet-font-family': 'Georgia, serif',
    });
    expect(themeProperties({})).to.deep.equal({});
  });

  it('gives each button kind its own corner radius', () => {
    expect(
      themeProperties({
        buttons: {
          primary: { borderRadius: '20px' },
          secondary: { borderRadius: '2px' },
          disabled: { borderRadius: '0px' },
        },
      }),
    ).to.deep.equal({
      '--velvet-button-primary-radius': '20px',
      '--velvet-button-secondary-radius': '2px',
      '--velvet-button-disabled-radius': '0px',
    });
  });

  it('maps every option of the theme to its custom property', () => {
    const theme: WidgetTheme = {
      container: { backgroundColor: 'a', borderColor: 'b', borderRadius: 'c', width: 'd' },
      colors: { primary: 'e', secondary: 'f', success: 'g', error: 'h' },
      buttons: {
        primary: { backgroundColor: 'i', textColor: 'j', borderColor: 'k', borderRadius: 'l' },
        secondary: { backgroundColor: 'm', textColor: 'n', borderColor: 'o', borderRadius: 'p' },
        disabled: { backgroundColor: 'q', textColor: 'r', borderColor: 's', borderRadius: 't' },
      },
      inputs: {
        backgroundColor: 'u',
        borderColor: 'v',
        borderRadius: 'w',
        placeholderColor: 'x',
        textColor: 'y',
      },
      typography: { fontFamily: 'z', fontSize: 'A', titleColor: 'B', textColor: 'C' },
    };
    expect(themeProperties(theme)).to.deep.equal({
      '--velvet-container-background': 'a',
      '--velvet-container-border': 'b',
      '--velvet-container-radius': 'c',
      '--velvet-container-width': 'd',
      '--velvet-primary': 'e',
      '--velvet-secondary': 'f',
      '--velvet-success': 'g',
      '--velvet-error': 'h',
      '--velvet-button-primary-background': 'i',
      '--velvet-button-primary-text': 'j',
      '--velvet-button-primary-border': 'k',
      '--velvet-button-primary-radius': 'l',
      '--velvet-button-secondary-background': 'm',
      '--velvet-button-secondary-text': 'n',
      '--velvet-button-secondary-border': 'o',
      '--velvet-button-secondary-radius': 'p',
      '--velvet-button-disabled-background': 'q',
      '--velvet-button-disabled-text': 'r',
      '--velvet-button-disabled-border': 's',
      '--velvet-button-disabled-radius': 't',
      '--velvet-input-background': 'u',
      '--velvet-input-border': 'v',
      '--velvet-input-radius': 'w',
      '--velvet-input-placeholder': 'x',
      '--velvet-input-text': 'y',
      '--velvet-font-family': 'z',
      '--velvet-font-size': 'A',
      '--velvet-title': 'B',
      '--velvet-text': 'C',
    });
    for (const name of Object.keys(themeProperties(theme))) {
      expect(THEME_DEFAULTS, `${name} has a default`).to.have.property(name);
    }
  });

  it('leaves out empty values', () => {
    expect(themeProperties({ colors: { primary: '' }, fontFamily: '' })).to.deep.equal({});
  });

  it('typography.fontFamily wins over the top-level fontFamily', () => {
    expect(
      themeProperties({ fontFamily: 'A', typography: { fontFamily: 'B' } })['--velvet-font-family'],
    ).to.equal('B');
  });
});
