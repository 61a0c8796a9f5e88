/** The settings panel of « Caisse » (exposed as ./Settings): what the user may do here. */
import { List, Stack, Text, Title } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { MANAGE, OPERATE, READ } from './api.ts';

export default function Settings() {
  const { can } = useComptoir();
  return (
    <Stack>
      <Title order={3}>Réglages : Caisse</Title>
      <Text>Les caisses et leurs serveurs d’impression se règlent depuis l’écran « Caisse ». Vos droits :</Text>
      <List>
        <List.Item>Consulter les caisses : {can(READ) ? 'oui' : 'non'}</List.Item>
        <List.Item>Tenir la caisse : {can(OPERATE) ? 'oui' : 'non'}</List.Item>
        <List.Item>Gérer les caisses : {can(MANAGE) ? 'oui' : 'non'}</List.Item>
      </List>
    </Stack>
  );
}
