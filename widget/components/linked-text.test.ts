import { expect, fixture, html } from '@open-wc/testing';
import { describe, it } from '../client/testing/mocha.js';
import { linkedText, splitLinks } from './linked-text.js';

describe('splitLinks', () => {
  it('returns plain text as one piece', () => {
    expect(splitLinks('No links here.')).to.deep.equal([{ kind: 'text', text: 'No links here.' }]);
  });

  it('keeps sentence punctuation and unmatched parentheses out of the link', () => {
    expect(splitLinks('(see https://a.example/x).')).to.deep.equal([
      { kind: 'text', text: '(see ' },
      { kind: 'link', href: 'https://a.example/x' },
      { kind: 'text', text: ').' },
    ]);
    expect(splitLinks('https://en.example/wiki/A_(b)!')).to.deep.equal([
      { kind: 'link', href: 'https://en.example/wiki/A_(b)' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('ignores other schemes', () => {
    expect(splitLinks('javascript:alert(1) ftp://x.example')).to.deep.equal([
      { kind: 'text', text: 'javascript:alert(1) ftp://x.example' },
    ]);
  });
});

describe('linkedText', () => {
  it('renders text as text and http(s) URLs as links opening in a new tab', async () => {
    const el = await fixture<HTMLParagraphElement>(
      html`<p>${linkedText('<b>Too many</b> tries, see https://docs.example/errors#limit.', {
        className: 'the-link',
        part: 'link',
      })}</p>`,
    );
    expect(el.querySelector('b')).to.equal(null);
    expect(el.textContent).to.equal(
      '<b>Too many</b> tries, see https://docs.example/errors#limit.',
    );
    const links = [...el.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).to.deep.equal([
      'https://docs.example/errors#limit',
    ]);
    expect(links[0]?.className).to.equal('the-link');
    expect(links[0]?.getAttribute('part')).to.equal('link');
    expect(links[0]?.target).to.equal('_blank');
    expect(links[0]?.rel).to.equal('noopener noreferrer');
  });
});
