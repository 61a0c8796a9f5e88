import { Alert, Button, Center, Group } from '@mantine/core';
import { errorMessage } from '../api.ts';
import { useSession } from './SessionProvider.tsx';

export function SessionError() {
  const { error, retry, logout } = useSession();
  return (
    <Center mih="100vh" p="md">
      <Alert color="red" title="Impossible de charger votre session" maw={480} role="alert">
        {errorMessage(error)}
        <Group mt="md">
          <Button variant="light" onClick={retry}>Réessayer</Button>
          <Button variant="subtle" color="gray" onClick={() => void logout()}>Se déconnecter</Button>
        </Group>
      </Alert>
    </Center>
  );
}
