/** « Dire bonjour »: the action, then the lists and the person are fetched again. */
import { useState } from 'react';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { PEOPLE, errorText, type Person } from './people.ts';

export function useGreet() {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function greet(id: string) {
    setPending(id);
    setError(null);
    try {
      // the server answers the person; everyone in the company gets the live notification
      await api.post<Person>(`${PEOPLE}/${id}/greet`);
      await invalidate(PEOPLE);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setPending(null);
    }
  }
  return { greet, pending, error };
}
