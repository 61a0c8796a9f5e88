/** The French report of an import: what was read, what is missing, what does not add up, and how the provider was found. */
import { Alert, Badge, Group, List, Stack, Text } from '@mantine/core';
import type { PurchaseImportReport } from '../common/types.ts';

const BY: Record<string, string> = { vatNumber: 'par son numéro de TVA', siren: 'par son SIREN', name: 'par son nom' };

export function providerSentence(p: PurchaseImportReport['provider']): string {
  switch (p.action) {
    case 'matched': return `Fournisseur reconnu ${BY[p.by ?? ''] ?? ''} : ${p.displayName}.`;
    case 'chosen': return `Fournisseur choisi : ${p.displayName}.`;
    case 'create': return `Nouveau fournisseur : la fiche « ${p.displayName} » sera créée dans vos contacts.`;
    case 'created': return `La fiche fournisseur « ${p.displayName} » a été créée.`;
    default: return 'Aucune fiche fournisseur : l’achat garde le fournisseur tel que la facture le nomme.';
  }
}

export function ImportReport({ report }: { report: PurchaseImportReport }) {
  return (
    <Stack gap="sm" data-testid="purchases-import-report">
      <Group gap="xs">
        <Badge variant="light">{report.format}</Badge>
        <Badge variant="light" color="gray">Profil {report.profile}</Badge>
        <Badge variant="light" color={report.creditNote ? 'grape' : 'blue'}>{report.documentType}</Badge>
      </Group>
      <Text size="sm" fw={500} data-testid="purchases-import-provider">{providerSentence(report.provider)}</Text>
      <Alert color="teal" title="Lu dans la facture">
        <List size="sm" spacing={2}>{report.read.map((s) => <List.Item key={s}>{s}</List.Item>)}</List>
      </Alert>
      {report.missing.length > 0 && (
        <Alert color="yellow" title="Manquant" data-testid="purchases-import-missing">
          <List size="sm" spacing={2}>{report.missing.map((s) => <List.Item key={s}>{s}</List.Item>)}</List>
        </Alert>
      )}
      {report.inconsistencies.length > 0 ? (
        <Alert color="red" title="À vérifier : incohérences" data-testid="purchases-import-inconsistencies">
          <List size="sm" spacing={2}>{report.inconsistencies.map((s) => <List.Item key={s}>{s}</List.Item>)}</List>
        </Alert>
      ) : <Text size="sm" c="teal">Les montants de la facture s’additionnent, et l’achat les retrouve au centime.</Text>}
    </Stack>
  );
}
