/** A failed read: the server's French message and a retry button. */
import { Alert, Button } from '@mantine/core';
import { errorMessage } from './errorMessage.ts';

export function QueryFailed({ error, onRetry, title = 'Chargement impossible' }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <Alert color="red" title={title} role="alert">
      {errorMessage(error)}
      {onRetry && (
        <div>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>Réessayer</Button>
        </div>
      )}
    </Alert>
  );
}
