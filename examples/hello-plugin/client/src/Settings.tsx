/** The settings panel of « Bonjour » (exposed as ./Settings): what the user may do here. */
import { List, Stack, Text, Title } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { MANAGE, READ } from './people.ts';

export default function Settings() {
  const { can } = useComptoir();
  return (
    <Stack>
      <Title order={3}>Réglages : Bonjour</Title>
      <Text>Ce module n’a pas encore de réglage. Vos droits :</Text>
      <List>
        <List.Item>Consulter les personnes à saluer : {can(READ) ? 'oui' : 'non'}</List.Item>
        <List.Item>Saluer et gérer les personnes : {can(MANAGE) ? 'oui' : 'non'}</List.Item>
      </List>
    </Stack>
  );
}
