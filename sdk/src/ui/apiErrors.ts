/**
 * Errors of the API for forms: the 400 body's `details[].field` (`email`, `address.city`,
 * `numbering.invoice.next`) put on the matching inputs, the French message for the rest.
 */
import { ApiError } from '@comptoir/sdk/client';
import { errorMessage } from './errorMessage.ts';

export interface FieldError {
  field: string;
  message: string;
}

/** `details` of a 400 that name a field. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  return error.details.flatMap((d) => {
    const { field, message } = (d ?? {}) as { field?: unknown; message?: unknown };
    return typeof field === 'string' && field ? [{ field, message: typeof message === 'string' ? message : 'valeur invalide' }] : [];
  });
}

/** What a Mantine form needs: `setErrors` and the list of its field paths. */
interface FormWithErrors {
  setErrors(errors: Record<string, string>): void;
}

/**
 * Puts each detail on the input of the same path (`rename` maps an API field to another form path,
 * or to null to ignore it) and answers the French message to show above the form: the server's,
 * since it names every field (« Données invalides — « email » : … »).
 */
export function applyApiError(
  form: FormWithErrors,
  error: unknown,
  fields: readonly string[],
  rename: Record<string, string> = {},
): string {
  const errors: Record<string, string> = {};
  for (const { field, message } of fieldErrorsOf(error)) {
    const path = rename[field] ?? field;
    if (fields.includes(path)) errors[path] = message;
  }
  form.setErrors(errors);
  return errorMessage(error);
}

/** The list of the leaf paths of a values object: `{ a: { b: 1 } }` -> `['a', 'a.b']`. */
export function pathsOf(values: object, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    const path = prefix ? `${prefix}.${key}` : key;
    out.push(path);
    if (value && typeof value === 'object' && !Array.isArray(value)) out.push(...pathsOf(value as object, path));
  }
  return out;
}
