/**
 * The draft's paths: reading and writing a value deep in it without touching the rest (the
 * objects off the path are the same objects), an empty optional field removed, list items
 * moved, and the server's problem paths in any of their spellings matched to the same field.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fieldId, getAt, moveItem, pathKey, problemKey, setAt } from './content-draft.js';

const draft = {
  names: 'A & B',
  faq: {
    items: [
      { question: 'Q1', answer: 'A1' },
      { question: 'Q2', answer: 'A2' },
    ],
  },
  schedule: { days: [{ title: 'Day', events: [{ id: 'e', address: 'Here' }] }] },
};

test('setAt changes one value and shares everything off its path', () => {
  const next = setAt(draft, ['faq', 'items', 1, 'answer'], 'New');
  assert.equal(getAt(next, ['faq', 'items', 1, 'answer']), 'New');
  assert.equal(draft.faq.items[1]?.answer, 'A2');
  assert.equal(next.faq.items[0], draft.faq.items[0]);
  assert.equal(next.schedule, draft.schedule);
  assert.ok(Array.isArray(next.faq.items));
});

test('undefined removes an optional key', () => {
  const next = setAt(draft, ['schedule', 'days', 0, 'events', 0, 'address'], undefined);
  assert.deepEqual(next.schedule.days[0]?.events[0], { id: 'e' });
  assert.equal(getAt(next, ['nothing', 'here']), undefined);
});

test('problem paths in every spelling name the same field', () => {
  const key = pathKey(['schedule', 'days', 0, 'title']);
  assert.equal(problemKey('schedule.days.0.title'), key);
  assert.equal(problemKey('/schedule/days/0/title'), key);
  assert.equal(problemKey('schedule.days[0].title'), key);
  assert.equal(fieldId(key), 'content-schedule-days-0-title');
});

test('moveItem moves within the list and ignores a move out of it', () => {
  assert.deepEqual(moveItem(['a', 'b', 'c'], 0, 1), ['b', 'a', 'c']);
  assert.deepEqual(moveItem(['a', 'b', 'c'], 2, 0), ['c', 'a', 'b']);
  assert.deepEqual(moveItem(['a', 'b'], 0, 5), ['a', 'b']);
});
