/**
 * « Intégrité »: walks every hash chain of the company on demand (the walk reads every document: it
 * is not run on each visit) — invoices, customers' payments, suppliers' payments, whatever each
 * plugin contributes to the platform (`GET /api/kernel/integrity`) — and says, chain by chain and
 * in French, whether they are whole.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import type { IntegrityView } from '@comptoir/sdk';
import { Section, errorMessage } from '@comptoir/sdk/ui';
import { INTEGRITY } from './accountingApi.ts';
import { chainMessage, overallMessage } from './integrityText.ts';

export function IntegrityPanel() {
  const { api } = useComptoir();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<IntegrityView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function verify() {
    setBusy(true);
    setFailure(null);
    try {
      setResult(await api.get<IntegrityView>(INTEGRITY));
    } catch (e) {
      setResult(null);
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Intégrité" description="Chaque facture, chaque avoir et chaque paiement (de vos clients comme à vos fournisseurs) porte une empreinte qui enchaîne celle du précédent : la vérification recalcule chaque chaîne et signale la première pièce modifiée, supprimée ou ajoutée hors de l’application.">
      <Group>
        <Button onClick={() => void verify()} loading={busy} data-testid="integrity-verify">Vérifier l’intégrité</Button>
      </Group>
      {result && (
        <Alert color={result.valid ? 'green' : 'red'} title={result.valid ? 'Chaînes intactes' : 'Chaîne rompue'} role="status" data-testid="integrity-result">
          <Text>{overallMessage(result)}</Text>
          <Table mt="sm" verticalSpacing="xs" aria-label="Chaînes d’empreintes">
            <Table.Thead>
              <Table.Tr><Table.Th>Chaîne</Table.Th><Table.Th>Résultat</Table.Th><Table.Th ta="right">Documents</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.chains.map((c) => (
                <Table.Tr key={c.id} data-testid="integrity-chain" data-chain={c.id} data-valid={String(c.valid)}>
                  <Table.Td>{c.label}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Badge variant="light" color={c.valid ? 'green' : 'red'}>{c.valid ? 'Intacte' : c.error ? 'Non vérifiée' : 'Rompue'}</Badge>
                      <Text size="sm">{chainMessage(c)}</Text>
                    </Group>
                    {c.firstBroken && <Text size="xs" c="dimmed" mt={4}>{c.firstBroken.message}.</Text>}
                  </Table.Td>
                  <Table.Td ta="right">{new Intl.NumberFormat('fr-FR').format(c.checked)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {!result.valid && (
            <Text size="sm" mt="xs">
              Conservez cette base en l’état et prévenez votre expert-comptable : une pièce a été touchée hors de l’application (npm run verify-integrity donne le détail).
            </Text>
          )}
        </Alert>
      )}
      {failure && <Alert color="red" title="Vérification impossible" role="alert">{failure}</Alert>}
    </Section>
  );
}
