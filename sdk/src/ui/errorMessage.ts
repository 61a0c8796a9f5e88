/** The French message to show a person for a failed call. */
import { ApiError } from '@comptoir/sdk/client';

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 510) return 'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.';
    return error.message;
  }
  return error instanceof Error && error.message ? error.message : 'Une erreur inattendue est survenue.';
}
