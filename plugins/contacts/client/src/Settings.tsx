/** The settings panel of « Contacts » (exposed as ./Settings): what the user may do here. */
import { List, Stack, Text, Title } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { PERMISSIONS } from './api.ts';

const RIGHTS: [string, string][] = [
  [PERMISSIONS.customersRead, 'Consulter les clients'],
  [PERMISSIONS.customersManage, 'Gérer les clients'],
  [PERMISSIONS.providersRead, 'Consulter les fournisseurs'],
  [PERMISSIONS.providersManage, 'Gérer les fournisseurs'],
  [PERMISSIONS.contactsRead, 'Consulter les contacts'],
  [PERMISSIONS.contactsManage, 'Gérer et importer les contacts'],
];

export default function Settings() {
  const { can } = useComptoir();
  return (
    <Stack>
      <Title order={3}>Réglages : Contacts</Title>
      <Text>Ce module n’a pas encore de réglage. Vos droits :</Text>
      <List>
        {RIGHTS.map(([permission, label]) => <List.Item key={permission}>{label} : {can(permission) ? 'oui' : 'non'}</List.Item>)}
      </List>
    </Stack>
  );
}
