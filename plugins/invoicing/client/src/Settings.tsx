/** The settings panel of « Facturation » (exposed as ./Settings): what the user may do here. */
import { List, Stack, Text, Title } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { PERMISSIONS } from './api.ts';

const RIGHTS: [string, string][] = [
  [PERMISSIONS.invoicesRead, 'Consulter les factures'],
  [PERMISSIONS.invoicesManage, 'Créer, émettre et corriger les factures'],
  [PERMISSIONS.quotationsRead, 'Consulter les devis'],
  [PERMISSIONS.quotationsManage, 'Créer et modifier les devis'],
  [PERMISSIONS.paymentsRead, 'Consulter les paiements'],
  [PERMISSIONS.paymentsManage, 'Enregistrer des paiements'],
];

export default function Settings() {
  const { can } = useComptoir();
  return (
    <Stack>
      <Title order={3}>Réglages : Facturation</Title>
      <Text>La numérotation et les mentions des factures se règlent dans l’écran « Entreprise ». Vos droits :</Text>
      <List>
        {RIGHTS.map(([permission, label]) => (
          <List.Item key={permission}>{label} : {can(permission) ? 'oui' : 'non'}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
