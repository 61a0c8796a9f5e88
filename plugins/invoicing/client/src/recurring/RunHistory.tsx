/**
 * The runs of the templates, latest first, with links to the invoices they made; a missed or
 * failed occurrence can be run from here (« Lancer », once: the server answers a done one).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatDateTime, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { ListFooter, QueryFailed, notifyFailed, notifySaved, useListState } from '@comptoir/sdk/ui';
import { ROUTES } from '../api.ts';
import { RUNS, TEMPLATE_PERMISSIONS, templatePath, type TemplateRun } from './api.ts';
import { runMessage } from './runText.ts';

const STATUS_COLORS = { done: 'green', failed: 'red', missed: 'orange' } as const;
// the labels of TEMPLATE_RUN_STATUS_LABELS (schemas/invoice-template.ts), written here: the remote imports only types from the schemas
const STATUS_LABELS = { done: 'Effectuée', failed: 'En échec', missed: 'Manquée' } as const;

export function RunHistory() {
  const list = useListState({ field: 'occurrence', ascending: false }, 20, 'templateName');
  const runs = useList<TemplateRun>(RUNS, list.options);
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState<string | null>(null);

  async function runAgain(r: TemplateRun) {
    setBusy(r._id);
    try {
      const done = await api.post<TemplateRun>(templatePath(r.fk.template, 'run'), { identifier: r.identifier, occurrence: r.occurrence });
      await Promise.all([invalidate(RUNS), invalidate('/invoicing/invoices')]);
      notifySaved(runMessage(done));
    } catch (e) {
      notifyFailed(e, 'Exécution impossible');
    } finally {
      setBusy(null);
    }
  }
  if (runs.isError) return <QueryFailed error={runs.error} onRetry={() => void runs.refetch()} />;
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="sm" aria-label="Historique des exécutions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Modèle</Table.Th>
              <Table.Th>Règle</Table.Th>
              <Table.Th>Résultat</Table.Th>
              <Table.Th>Factures</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.data?.data.map((r) => (
              <Table.Tr key={r._id} data-testid="recurring-run-row">
                <Table.Td>{formatDateTime(r.occurrence)}{r.manual ? ' (à la main)' : ''}</Table.Td>
                <Table.Td>{r.templateName}</Table.Td>
                <Table.Td>{r.identifier}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLORS[r.status]}>{STATUS_LABELS[r.status]}</Badge>
                  {r.status === 'failed' && r.lastError && <Text size="xs" c="red">{r.lastError} ({r.attempts} essai{r.attempts > 1 ? 's' : ''})</Text>}
                  {r.skipped.length > 0 && <Text size="xs" c="dimmed">{r.skipped.length} client{r.skipped.length > 1 ? 's' : ''} ignoré{r.skipped.length > 1 ? 's' : ''} : {[...new Set(r.skipped.map((x) => x.reason))].join(' ')}</Text>}
                </Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    {r.fk.invoices.map((id, i) => (
                      <Anchor key={id} component={Link} to={`${ROUTES.invoices}/${id}`} size="sm">Facture {i + 1}</Anchor>
                    ))}
                    {r.status === 'done' && r.fk.invoices.length === 0 && <Text size="sm" c="dimmed">aucune</Text>}
                    {r.status !== 'done' && can(TEMPLATE_PERMISSIONS.manage) && (
                      <Button size="compact-xs" variant="light" loading={busy === r._id} onClick={() => void runAgain(r)}>Lancer</Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {runs.data && runs.data.data.length === 0 && (
              <Table.Tr><Table.Td colSpan={5}><Text c="dimmed" size="sm">Aucune exécution pour l’instant.</Text></Table.Td></Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {runs.data && <ListFooter page={list.page} quantity={list.quantity} count={runs.data.count} onPage={list.setPage} noun={['exécution', 'exécutions', 'f']} />}
    </>
  );
}
