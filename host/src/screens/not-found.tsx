import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFound() {
  return (
    <Stack align="flex-start">
      <Title order={1} size="h2">Page introuvable</Title>
      <Text c="dimmed">Cette adresse ne correspond à aucun écran, ou vous n’y avez pas accès.</Text>
      <Button component={Link} to="/" variant="light">Retour à l’accueil</Button>
    </Stack>
  );
}
