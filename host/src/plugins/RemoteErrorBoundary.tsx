/** Keeps a broken plugin inside its own panel: the shell around it goes on working. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { RemoteLoadError } from './federation.ts';

interface Props {
  /** the plugin whose screen this is; absent for the shell's own screens */
  pluginId?: string;
  onRetry(): void;
  children: ReactNode;
}

interface State {
  error: unknown;
}

export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[comptoir] ${this.props.pluginId ? `plugin ${this.props.pluginId}` : 'écran du shell'}`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { pluginId, onRetry } = this.props;
    const loading = error instanceof RemoteLoadError;
    const detail = loading ? error.reason : error;
    // the first line is enough for an administrator; the whole error is in the console
    const technical = detail instanceof Error ? detail.message.split('\n')[0] : '';
    const message = !pluginId
      ? 'Cet écran a rencontré une erreur.'
      : loading
        ? `Le module « ${pluginId} » n'a pas pu être chargé.`
        : `Le module « ${pluginId} » a rencontré une erreur.`;
    return (
      <Alert color="red" variant="light" title={pluginId ? 'Module indisponible' : 'Écran indisponible'} role="alert" data-testid="remote-error">
        <Stack gap="sm" align="flex-start">
          <Text>{message}</Text>
          {technical && <Code block>{technical}</Code>}
          <Text size="sm" c="dimmed">Le reste de Comptoir fonctionne normalement. Si le problème persiste, prévenez votre administrateur.</Text>
          <Button variant="light" color="red" onClick={onRetry}>Réessayer</Button>
        </Stack>
      </Alert>
    );
  }
}
