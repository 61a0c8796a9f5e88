/**
 * One picture of a record sent to a route that takes one file (POST) and removes it (DELETE), as the
 * user's photo and the company's logo are: the upload's progress, the French error of a refusal, a
 * confirmation once saved; `onSaved` puts the answered record into place (session, cache).
 */
import { useState } from 'react';
import { useComptoir } from '@comptoir/sdk/react';
import { errorMessage, notifySaved } from '@comptoir/sdk/ui';

export function useImageSetting<T>(path: string, onSaved: (record: T) => void, texts: { saved: string; removed: string }) {
  const { api } = useComptoir();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(call: () => Promise<T>, success: string) {
    setError(null);
    try {
      onSaved(await call());
      notifySaved(success);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPercent(null);
    }
  }

  return {
    /** 0–100 while a file is sent, null otherwise */
    percent,
    error,
    upload(file: File) {
      setPercent(0);
      void run(() => api.upload<T>(path, {}, [file], setPercent), texts.saved);
    },
    remove() {
      void run(() => api.delete<T>(path), texts.removed);
    },
  };
}
