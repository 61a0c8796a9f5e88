/** Home: a greeting, the active company and shortcuts to the plugins of the menu. */
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, useComptoir } from '@comptoir/sdk/react';
import { pluginRoutes, usePlugins } from '../plugins/usePlugins.ts';

export default function Home() {
  const { user, company } = useComptoir();
  const plugins = usePlugins();
  const routes = pluginRoutes(plugins.data);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">Bonjour{user?.firstname ? ` ${user.firstname}` : ''} !</Title>
        <Text c="dimmed">
          {company ? `${company.name} — ` : ''}nous sommes le {formatDate(new Date(), { dateStyle: 'full' })}.
        </Text>
      </div>
      {routes.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {routes.map((r) => (
            <Card key={r.path} withBorder component={Link} to={r.path} padding="lg">
              <Text fw={600}>{r.entry.label}</Text>
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">Aucun module n’est encore activé pour cette entreprise.</Text>
      )}
    </Stack>
  );
}
