/** The settings panel of « Catalogue » (exposed as ./Settings): what the user may do here. */
import { List, Stack, Text, Title } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { MANAGE, READ } from './api.ts';

export default function Settings() {
  const { can } = useComptoir();
  return (
    <Stack>
      <Title order={3}>Réglages : Catalogue</Title>
      <Text>Ce module n’a pas de réglage. Vos droits :</Text>
      <List>
        <List.Item>Consulter le catalogue : {can(READ) ? 'oui' : 'non'}</List.Item>
        <List.Item>Gérer le catalogue : {can(MANAGE) ? 'oui' : 'non'}</List.Item>
      </List>
    </Stack>
  );
}
