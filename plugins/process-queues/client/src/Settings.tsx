/** The settings panel of « Files de traitement » (exposed as ./Settings): what the user may do here. */
import { List, Stack, Text, Title } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { MANAGE, READ } from './api.ts';

export default function Settings() {
  const { can } = useComptoir();
  return (
    <Stack>
      <Title order={3}>Réglages : Files de traitement</Title>
      <Text>Ce module n’a pas encore de réglage. Vos droits :</Text>
      <List>
        <List.Item>Consulter les files : {can(READ) ? 'oui' : 'non'}</List.Item>
        <List.Item>Gérer les files : {can(MANAGE) ? 'oui' : 'non'}</List.Item>
      </List>
    </Stack>
  );
}
