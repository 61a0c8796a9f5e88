/** The greeting rule, without HTTP or database. */
import { expect } from 'chai';
import { greetChanges, greetingText } from '../server/services/people/greeting.ts';

describe('hello : règle de salutation', () => {
  const now = new Date('2026-03-14T09:30:00.000Z');

  it('compte un bonjour de plus, à l’instant donné', () => {
    expect(greetChanges({}, now)).to.deep.equal({ greetings: 1, lastGreetedAt: '2026-03-14T09:30:00.000Z' });
    expect(greetChanges({ greetings: 41 }, now).greetings).to.equal(42);
  });

  it('salue en français, espace fine insécable avant le point d’exclamation', () => {
    expect(greetingText('  Camille ')).to.equal('Bonjour, Camille\u202f!');
  });
});
