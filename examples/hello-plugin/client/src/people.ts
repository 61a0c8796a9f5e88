/** What the screens know of the API of « Bonjour » (mounted under /api/hello). */

/** The collection, as the shell's API client and useList take it (without /api). */
export const PEOPLE = '/hello/people';
export const READ = 'hello.people.read';
export const MANAGE = 'hello.people.manage';

/** A person as the API answers it (see server/entities.ts). */
export interface Person {
  _id: string;
  name: string;
  note?: string;
  greetings: number;
  lastGreetedAt?: string;
  metadata: { creationDate: string; lastModificationDate: string };
}

/** The server's French message, or a generic one. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'L’opération a échoué.';
}
