/** The settings panel of « Réservations » (exposed as ./Settings): what the user may do here. */
import { List, Stack, Text, Title } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { INVOICE, MANAGE, READ, WRITE } from './api.ts';

export default function Settings() {
  const { can } = useComptoir();
  return (
    <Stack>
      <Title order={3}>Réglages : Réservations</Title>
      <Text>Les salles se règlent dans Réservations › Salles. Vos droits :</Text>
      <List>
        <List.Item>Consulter les réservations : {can(READ) ? 'oui' : 'non'}</List.Item>
        <List.Item>Réserver : {can(WRITE) ? 'oui' : 'non'}</List.Item>
        <List.Item>Gérer les salles : {can(MANAGE) ? 'oui' : 'non'}</List.Item>
        <List.Item>Facturer les réservations : {can(INVOICE) ? 'oui' : 'non'}</List.Item>
      </List>
    </Stack>
  );
}
