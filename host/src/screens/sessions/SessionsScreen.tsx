/** `/sessions` (every user): my signed-in browsers and my access tokens. */
import { Stack, Title } from '@mantine/core';
import { PageHeader } from '@comptoir/sdk/ui';
import { SessionsPanel } from './SessionsPanel.tsx';
import { AccessTokensPanel } from './AccessTokensPanel.tsx';

export default function SessionsScreen() {
  return (
    <>
      <PageHeader title="Mes sessions" description="Les navigateurs connectés à votre compte et vos jetons d’accès à l’API." />
      <Stack gap="xl">
        <section aria-labelledby="sessions-title">
          <Title id="sessions-title" order={2} size="h4" mb="sm">Sessions ouvertes</Title>
          <SessionsPanel />
        </section>
        <section aria-labelledby="tokens-title">
          <Title id="tokens-title" order={2} size="h4" mb="sm">Jetons d’accès</Title>
          <AccessTokensPanel />
        </section>
      </Stack>
    </>
  );
}
