/**
 * The French message to show a person for a failed call. A validation error names its fields by
 * their labels, not their paths (fieldLabels.ts): pass the form's own labels when it has some.
 */
import { ApiError } from '@comptoir/sdk/client';
import { describeFieldErrors, type FieldError, type FieldLabels } from './fieldLabels.ts';

export function errorMessage(error: unknown, labels: FieldLabels = {}): string {
  if (error instanceof ApiError) {
    if (error.status === 510) return 'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.';
    return describeFieldErrors(error.message, detailsOf(error), labels);
  }
  return error instanceof Error && error.message ? error.message : 'Une erreur inattendue est survenue.';
}

function detailsOf(error: ApiError): FieldError[] {
  return (error.details ?? []).flatMap((d) => {
    const { field, message } = (d ?? {}) as { field?: unknown; message?: unknown };
    return typeof field === 'string' && field ? [{ field, message: typeof message === 'string' ? message : 'valeur invalide' }] : [];
  });
}
