import { expect } from '@open-wc/testing';
import { afterEach, describe, it } from '../../client/testing/mocha.js';
import { RedirectLanding } from './redirect-landing.js';

/** Puts `query` in the page's address, as a redirect back to the page does. */
function landOn(query: string): void {
  history.replaceState(null, '', `${location.pathname}${query}`);
}

describe('RedirectLanding', () => {
  const start = location.href;
  afterEach(() => history.replaceState(null, '', start));

  it('takes the token once per page and removes it from the address, keeping other parameters', () => {
    landOn('?tab=rsvp&stytch_token_type=magic_links&token=abc123');
    const landing = new RedirectLanding('magic_links');
    expect(landing.taken).to.equal(false);
    expect(landing.take()).to.equal('abc123');
    expect(landing.taken).to.equal(true);
    expect(location.search).to.equal('?tab=rsvp');
    // A second widget on the page (or a second take) gets nothing: the token is spent once.
    landOn('?stytch_token_type=magic_links&token=abc123');
    expect(landing.take()).to.equal(undefined);
  });

  it('leaves a redirect of another kind, and a page without a token, alone', () => {
    landOn('?stytch_token_type=oauth&token=xyz789');
    const magicLinks = new RedirectLanding('magic_links');
    expect(magicLinks.take()).to.equal(undefined);
    expect(location.search).to.equal('?stytch_token_type=oauth&token=xyz789');
    expect(new RedirectLanding('oauth').take()).to.equal('xyz789');
    landOn('?stytch_token_type=oauth');
    expect(new RedirectLanding('oauth').take()).to.equal(undefined);
  });
});
