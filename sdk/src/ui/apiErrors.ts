/**
 * Errors of the API for forms: the 400 body's `details[].field` (`email`, `address.city`,
 * `numbering.invoice.next`) put on the matching inputs, in the words of a form, then the first one
 * brought into view; the French message, fields named by their labels, for the rest.
 */
import { ApiError } from '@comptoir/sdk/client';
import { errorMessage } from './errorMessage.ts';
import { friendlyMessage, type FieldError, type FieldLabels } from './fieldLabels.ts';
import { revealErrorsSoon } from './revealErrors.ts';

export type { FieldError } from './fieldLabels.ts';

/** `details` of a 400 that name a field, their messages in the words of a form. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  return error.details.flatMap((d) => {
    const { field, message } = (d ?? {}) as { field?: unknown; message?: unknown };
    return typeof field === 'string' && field ? [{ field, message: typeof message === 'string' ? friendlyMessage(message) : 'valeur invalide' }] : [];
  });
}

/** The same as a map, field -> message, for an editor that puts them on its inputs itself. */
export function fieldErrorMap(error: unknown): Record<string, string> {
  return Object.fromEntries(fieldErrorsOf(error).map((d) => [d.field, d.message]));
}

/** What a Mantine form needs: `setErrors` and the list of its field paths. */
interface FormWithErrors {
  setErrors(errors: Record<string, string>): void;
}

/**
 * Puts each detail on the input of the same path (`rename` maps an API field to another form path,
 * or to null to ignore it), brings the first invalid input into view, and answers the French
 * message to show above the form, each field named by its label (`labels` for this form's own).
 */
export function applyApiError(
  form: FormWithErrors,
  error: unknown,
  fields: readonly string[],
  rename: Record<string, string> = {},
  labels: FieldLabels = {},
): string {
  const errors: Record<string, string> = {};
  for (const { field, message } of fieldErrorsOf(error)) {
    const path = rename[field] ?? field;
    if (fields.includes(path)) errors[path] = message;
  }
  form.setErrors(errors);
  if (typeof document !== 'undefined') revealErrorsSoon(document);
  return errorMessage(error, labels);
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
