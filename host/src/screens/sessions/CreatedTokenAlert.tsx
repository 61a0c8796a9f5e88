/** The new access token, shown once: the server keeps only its hash. */
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

export function CreatedTokenAlert({ name, token, onDone }: { name: string; token: string; onDone(): void }) {
  return (
    <Alert color="teal" title={`Jeton « ${name} » créé`} role="status">
      <Stack gap="xs">
        <Text size="sm">Copiez-le maintenant : il ne sera plus jamais affiché. Il s’utilise dans l’en-tête <Code>Authorization: Bearer …</Code>.</Text>
        <Code block data-testid="created-token" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{token}</Code>
        <Group>
          <CopyButton value={token}>
            {({ copied, copy }) => (
              <Button size="xs" color={copied ? 'teal' : 'indigo'} onClick={copy}>{copied ? 'Copié !' : 'Copier le jeton'}</Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>J’ai copié le jeton</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
