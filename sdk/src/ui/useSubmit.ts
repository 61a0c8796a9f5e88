/**
 * The save of a settings form: busy flag, the API's field errors put on the inputs, the French
 * message kept for the alert, a toast on success, and the saved values as the new « clean » state.
 */
import { useState } from 'react';
import { applyApiError, pathsOf } from './apiErrors.ts';
import { notifySaved } from './notify.ts';

interface SubmittableForm<V> {
  setErrors(errors: Record<string, string>): void;
  setInitialValues(values: V): void;
  resetDirty(values?: V): void;
  getValues(): V;
}

export interface Submit<V> {
  busy: boolean;
  error: string | null;
  run(values: V): Promise<void>;
  clearError(): void;
}

export function useSubmit<V extends object>(
  form: SubmittableForm<V>,
  save: (values: V) => Promise<unknown>,
  options: { success: string; rename?: Record<string, string>; keepValues?: boolean },
): Submit<V> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(values: V) {
    setBusy(true);
    setError(null);
    try {
      await save(values);
      if (options.keepValues !== false) {
        form.setInitialValues(values);
        form.resetDirty(values);
      }
      notifySaved(options.success);
    } catch (e) {
      setError(applyApiError(form, e, pathsOf(form.getValues()), options.rename));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, run, clearError: () => setError(null) };
}
