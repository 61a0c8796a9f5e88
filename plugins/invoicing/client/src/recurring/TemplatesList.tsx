/** The company's templates: name, rules in French, customers and groups, amount of one invoice. */
import { useNavigate } from 'react-router';
import { Badge, Group, Table, Text } from '@mantine/core';
import { formatMoney, useList } from '@comptoir/sdk/react';
import { QueryFailed } from '@comptoir/sdk/ui';
import { RECURRING_ROUTE, TEMPLATES, type InvoiceTemplate } from './api.ts';
import { describeCron } from './cronText.ts';

export function TemplatesList() {
  const navigate = useNavigate();
  const templates = useList<InvoiceTemplate>(TEMPLATES, { pagination: { quantity: 500, page: 1 }, sort: { field: 'name', ascending: true } });
  if (templates.isError) return <QueryFailed error={templates.error} onRetry={() => void templates.refetch()} />;
  const rows = templates.data?.data ?? [];
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Modèles de factures récurrentes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nom</Table.Th>
            <Table.Th>Règles</Table.Th>
            <Table.Th>Visés</Table.Th>
            <Table.Th ta="right">Montant TTC</Table.Th>
            <Table.Th>Options</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((t) => (
            <Table.Tr key={t._id} style={{ cursor: 'pointer' }} onClick={() => navigate(`${RECURRING_ROUTE}/${t._id}`)} data-testid="recurring-template-row">
              <Table.Td fw={600}>{t.name}</Table.Td>
              <Table.Td>
                {t.cronRules.map((r) => (
                  <Text key={r.identifier} size="sm">{r.manualOnly ? `${r.identifier} : manuelle` : `${r.identifier} : ${describeCron(r.cron) ?? r.cron}`}</Text>
                ))}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t.fk.customers.length} client{t.fk.customers.length > 1 ? 's' : ''}, {t.fk.customerGroups.length} groupe{t.fk.customerGroups.length > 1 ? 's' : ''}</Text>
              </Table.Td>
              <Table.Td ta="right">{formatMoney(t.inclTaxesPrice)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge variant="light" color={t.saveAsDraft ? 'gray' : 'blue'}>{t.saveAsDraft ? 'Brouillon' : 'Émise'}</Badge>
                  {t.autoSendByEmail && <Badge variant="light" color="teal">E-mail</Badge>}
                  {t.useLastInvoiceAsTemplate && <Badge variant="light" color="grape">Dernière facture</Badge>}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {templates.data && rows.length === 0 && (
            <Table.Tr><Table.Td colSpan={5}><Text c="dimmed" size="sm">Aucun modèle : créez-en un pour facturer vos abonnements chaque mois.</Text></Table.Td></Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
