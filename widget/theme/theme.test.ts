import { expect } from '@open-wc/testing';
import { describe, it } from '../client/testing/mocha.js';
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

  it('typography.fontFamily wins over the top-level fontFamily', () => {
    expect(
      themeProperties({ fontFamily: 'A', typography: { fontFamily: 'B' } })['--velvet-font-family'],
    ).to.equal('B');
  });
});
