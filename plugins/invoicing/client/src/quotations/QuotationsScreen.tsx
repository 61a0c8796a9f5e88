/** `/devis`: the quotations of the active company, by status and customer, with their total. */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Group, Paper, Select, Table, Text } from '@mantine/core';
import { formatMoney, useComptoir, useList } from '@comptoir/sdk/react';
import type { Filters } from '@comptoir/sdk/client';
import { ListFooter, PageHeader, QueryFailed, SearchBar, SortableTh, useListState } from '@comptoir/sdk/ui';
import { PERMISSIONS, QUOTATIONS } from '../api.ts';
import { CustomerPicker } from '../common/CustomerPicker.tsx';
import { QUOTATION_STATUS_OPTIONS } from './quotationStatus.ts';
import { QuotationRow } from './QuotationRow.tsx';
import type { Quotation } from '../types.ts';

/** What a row shows (QuotationRow): the list reads and sends only these (http README « Lists », `fields`). */
const QUOTATION_ROW_FIELDS = ['numberFull', 'date', 'expirationDate', 'receiverName', 'exclTaxesPrice', 'inclTaxesPrice', 'status'];

export function QuotationsScreen() {
  const { can } = useComptoir();
  // `?statut=accepted`, `?filtre=en-attente` (emitted and still valid): where the home page's figures lead
  const [params] = useSearchParams();
  const [status, setStatus] = useState<string>(() => params.get('statut') ?? (params.get('filtre') === 'en-attente' ? 'pending' : ''));
  const [now] = useState(() => new Date());
  const [customerId, setCustomerId] = useState<string | null>(null);
  const filters: Filters = {
    ...(status === 'pending'
      ? { status: { mode: 'eq', value: 'emitted' }, expirationDate: { mode: 'gte', valueIsDate: true, startDate: now.toISOString() } }
      : status ? { status: { mode: 'eq', value: status } } : {}),
    ...(customerId ? { 'fk.receiverCustomer': { mode: 'eq', value: customerId, valueIsObjectId: true } } : {}),
  };
  const list = useListState({ field: 'date', ascending: false }, 20, 'numberFull', filters);
  const quotations = useList<Quotation>(QUOTATIONS, { ...list.options, fields: QUOTATION_ROW_FIELDS, aggregations: [{ name: 'total', field: 'inclTaxesPrice', sum: true }] });

  return (
    <div data-testid="invoicing-quotations">
      <PageHeader
        title="Devis"
        description="Les propositions faites aux clients, valables 14 jours sauf autre date."
        actions={can(PERMISSIONS.quotationsManage) && <Button component={Link} to="nouveau">Nouveau devis</Button>}
      />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <Select label="Statut" data={[{ value: '', label: 'Tous les statuts' }, { value: 'pending', label: 'En attente de réponse' }, ...QUOTATION_STATUS_OPTIONS]} value={status} allowDeselect={false} w={200}
          onChange={(v) => { setStatus(v ?? ''); list.setPage(1); }} />
        <CustomerPicker label="Client" required={false} value={customerId} onChange={(id) => { setCustomerId(id); list.setPage(1); }} />
      </Group>
      <SearchBar label="Rechercher un devis" value={list.search} onChange={list.setSearch} field={list.searchField} onField={list.setSearchField}
        fields={[{ value: 'numberFull', label: 'Numéro' }, { value: 'receiverName', label: 'Client' }]} />
      {quotations.isError ? <QueryFailed error={quotations.error} onRetry={() => void quotations.refetch()} /> : (
        <>
          <Paper withBorder p="sm" radius="md" mb="md">
            <Text size="sm">Total TTC des devis affichés : <b>{formatMoney(quotations.data?.aggregation.total?.sum ?? 0)}</b></Text>
          </Paper>
          <Table.ScrollContainer minWidth={820}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Devis" style={{ opacity: quotations.isFetching ? 0.7 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="numberFull" sort={list.sort} onSort={list.setSort}>Numéro</SortableTh>
                  <SortableTh field="date" sort={list.sort} onSort={list.setSort}>Date</SortableTh>
                  <SortableTh field="expirationDate" sort={list.sort} onSort={list.setSort}>Validité</SortableTh>
                  <SortableTh field="receiverName" sort={list.sort} onSort={list.setSort}>Client</SortableTh>
                  <SortableTh field="exclTaxesPrice" sort={list.sort} onSort={list.setSort}>Total HT</SortableTh>
                  <SortableTh field="inclTaxesPrice" sort={list.sort} onSort={list.setSort}>Total TTC</SortableTh>
                  <Table.Th>Statut</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {quotations.data?.data.map((q) => <QuotationRow key={q._id} quotation={q} />)}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {quotations.isPending && <Text c="dimmed" size="sm" mt="md">Chargement des devis…</Text>}
          {quotations.data && (
            <ListFooter page={list.page} quantity={list.quantity} count={quotations.data.count} onPage={list.setPage} noun={['devis', 'devis']} />
          )}
        </>
      )}
    </div>
  );
}
