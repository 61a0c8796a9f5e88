/** The greeting rule: plain data in, plain data out, no HTTP and no database. */

export interface GreetingState {
  greetings?: number;
}

/** The changes that record one more greeting at `now`. */
export function greetChanges(person: GreetingState, now: Date): { greetings: number; lastGreetedAt: string } {
  return { greetings: (person.greetings ?? 0) + 1, lastGreetedAt: now.toISOString() };
}

/** `Bonjour, Camille !` — French puts a (narrow) no-break space before « ! ». */
export function greetingText(name: string): string {
  return `Bonjour, ${name.trim()}\u202f!`;
}
