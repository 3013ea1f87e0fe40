/**
 * The hero's greeting as a guest reads it: by the first name the hosts put on the list, without
 * a name for a guest the list names not, and never by name when the hosts turned it off.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type GreetingTexts, greetingText, guestFirstName } from './greeting-text.js';

const TEXTS: GreetingTexts = { byName: true, named: 'Welcome, {name}!', unnamed: 'Welcome!' };

/** A user as `GET /users/me` describes one, with the list's fields. */
const user = (guestName: unknown, firstName?: string) => ({
  name: firstName === undefined ? null : { first_name: firstName, last_name: '' },
  trusted_metadata: {
    invited: true,
    ...(guestName === undefined ? {} : { guest_name: guestName }),
  },
});

test('a guest on the list is greeted by the first name the hosts typed', () => {
  assert.equal(greetingText(TEXTS, user('Ada Lovelace', 'Ada')), 'Welcome, Ada!');
  assert.equal(greetingText(TEXTS, user('  Grace   Brewster Hopper ')), 'Welcome, Grace!');
});

test("the hosts' words come before a name the guest gave themselves", () => {
  assert.equal(guestFirstName(user('Ada Lovelace', 'Countess')), 'Ada');
  // A user with a name but no `guest_name` (given to the API, say): that first name.
  assert.equal(guestFirstName(user(undefined, 'Ada')), 'Ada');
});

test('a guest with no name on the list is greeted without one', () => {
  assert.equal(greetingText(TEXTS, user(undefined)), 'Welcome!');
  assert.equal(greetingText(TEXTS, user('   ', '  ')), 'Welcome!');
  assert.equal(greetingText(TEXTS, user(42)), 'Welcome!');
  assert.equal(greetingText(TEXTS, null), 'Welcome!');
  assert.equal(greetingText(TEXTS, user('A'.repeat(41))), 'Welcome!');
});

test('hosts who turn the names off greet everyone without one', () => {
  assert.equal(greetingText({ ...TEXTS, byName: false }, user('Ada Lovelace', 'Ada')), 'Welcome!');
});
