/** The people service: what the routes and the plugins depending on « Bonjour » call. */
import type { CallContext } from '@comptoir/sdk';
import { People, type Person } from '../../entities.ts';
import { PERSON_GREETED } from '../../events.ts';
import { notifier } from '../deps.ts';
import { greetChanges, greetingText } from './greeting.ts';

export function peopleService(ctx: CallContext) {
  const repo = () => ctx.repo(People);
  return {
    /** a person of the active company (404 otherwise) */
    get: (id: string): Promise<Person> => repo().get(id),

    /**
     * « Dire bonjour »: counts the greeting, publishes `hello.person.greeted` and greets the person
     * live on every open session of the company; both only after commit.
     */
    async greet(id: string): Promise<Person> {
      const person = await repo().get(id);
      const greeted = await repo().update(id, greetChanges(person, ctx.now));
      ctx.emit(PERSON_GREETED, { _id: id, greetings: greeted.greetings });
      await notifier(ctx).notify('company', {
        title: greetingText(person.name),
        content: greeted.greetings === 1 ? 'Premier bonjour.' : `${greeted.greetings}ᵉ bonjour.`,
        style: 'success',
      });
      return greeted;
    },
  };
}

export type PeopleService = ReturnType<typeof peopleService>;
