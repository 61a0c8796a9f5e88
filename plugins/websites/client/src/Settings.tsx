/** The settings panel of « Sites web » (exposed as ./Settings): what the user may do here. */
import { List, Stack, Text, Title } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { MANAGE, READ, WRITE_ARTICLES } from './api.ts';

export default function Settings() {
  const { can } = useComptoir();
  return (
    <Stack>
      <Title order={3}>Réglages : Sites web</Title>
      <Text>Les sites, leurs menus et leurs articles se règlent depuis l’écran « Sites web ». Vos droits :</Text>
      <List>
        <List.Item>Consulter les sites : {can(READ) ? 'oui' : 'non'}</List.Item>
        <List.Item>Gérer les sites : {can(MANAGE) ? 'oui' : 'non'}</List.Item>
        <List.Item>Rédiger les articles : {can(WRITE_ARTICLES) ? 'oui' : 'non'}</List.Item>
      </List>
    </Stack>
  );
}
