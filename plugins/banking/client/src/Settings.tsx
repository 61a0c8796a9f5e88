/** The settings panel of « Banque » (exposed as ./Settings): what the user may do here. */
import { List, Stack, Text, Title } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { ACCOUNTS_MANAGE, MANAGE, READ } from './api.ts';

export default function Settings() {
  const { can } = useComptoir();
  return (
    <Stack>
      <Title order={3}>Réglages : Banque</Title>
      <Text>Les comptes, catégories et règles se règlent depuis l’écran « Banque ». Vos droits :</Text>
      <List>
        <List.Item>Consulter la banque : {can(READ) ? 'oui' : 'non'}</List.Item>
        <List.Item>Classer les opérations, importer, écrire des règles : {can(MANAGE) ? 'oui' : 'non'}</List.Item>
        <List.Item>Gérer les comptes bancaires : {can(ACCOUNTS_MANAGE) ? 'oui' : 'non'}</List.Item>
      </List>
    </Stack>
  );
}
