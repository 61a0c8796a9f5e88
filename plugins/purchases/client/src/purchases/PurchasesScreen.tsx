/** `/achats`: the company's purchases, by status chip, search and period, sorted and paginated, with the totals of what matches. */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Button, Chip, Group, Paper, Select, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { endOfDay, formatDate, formatMoney, formatNumber, startOfDay, useComptoir, useList } from '@comptoir/sdk/react';
import type { Filters, ListResult } from '@comptoir/sdk/client';
import { ListFooter, PageHeader, QueryFailed, SortableTh, StatusBadges, useListState } from '@comptoir/sdk/ui';
import { PERMISSIONS, PURCHASES } from '../api.ts';
import { STATUS_FILTERS, STATUS_FROM_URL, STATUS_STYLES, isCreditNote, statusFilters, type StatusFilter } from './purchaseStatus.ts';
import type { Purchase } from '../common/types.ts';

const AGGREGATIONS = [
  { name: 'total', field: 'inclTaxesPrice', sum: true },
  { name: 'unpaid', field: 'unpaidAmount', sum: true },
  { name: 'vat', field: 'recoverableVatAmount', sum: true },
];

/** What the search box looks in: the provider, its number on the invoice, or ours. */
const SEARCH_FIELDS = [
  { value: 'providerName', label: 'Fournisseur' },
  { value: 'invoiceNumber', label: 'N° de facture' },
  { value: 'numberFull', label: 'N° d’achat' },
];

function Totals({ result }: { result: ListResult<unknown> | undefined }) {
  const count = result?.count ?? 0;
  const sum = (name: string) => formatMoney(result?.aggregation[name]?.sum ?? 0);
  return (
    <Paper withBorder p="sm" radius="md" mb="md" data-testid="purchases-list-totals">
      <Group gap="xl">
        <Text size="sm">{formatNumber(count)} {count > 1 ? 'achats' : 'achat'}</Text>
        <Text size="sm">Total TTC : <b>{sum('total')}</b></Text>
        <Text size="sm">Reste à payer : <b>{sum('unpaid')}</b></Text>
        <Text size="sm">TVA déductible : <b>{sum('vat')}</b></Text>
      </Group>
    </Paper>
  );
}

/** What a row shows: the list reads and sends only these (http README « Lists », `fields`). */
const PURCHASE_ROW_FIELDS = ['numberFull', 'date', 'providerName', 'invoiceNumber', 'inclTaxesPrice', 'unpaidAmount', 'dueDate', 'status'];

function Row({ purchase }: { purchase: Purchase }) {
  const late = purchase.dueDate && purchase.unpaidAmount > 0 && new Date(purchase.dueDate) < new Date();
  return (
    <Table.Tr data-testid="purchases-row">
      <Table.Td><Anchor component={Link} to={purchase._id}>{purchase.numberFull}</Anchor></Table.Td>
      <Table.Td>{formatDate(purchase.date)}</Table.Td>
      <Table.Td>{purchase.providerName ?? '—'}</Table.Td>
      <Table.Td>{purchase.invoiceNumber ?? '—'}</Table.Td>
      <Table.Td ta="right">{formatMoney(purchase.inclTaxesPrice)}</Table.Td>
      <Table.Td ta="right">{formatMoney(purchase.unpaidAmount)}</Table.Td>
      <Table.Td c={late ? 'red' : undefined}>{purchase.dueDate ? formatDate(purchase.dueDate) : '—'}</Table.Td>
      <Table.Td><StatusBadges status={purchase.status} styles={STATUS_STYLES} creditNote={isCreditNote(purchase)} testId="purchases-status" /></Table.Td>
    </Table.Tr>
  );
}

export function PurchasesScreen() {
  const { can } = useComptoir();
  const [now] = useState(() => new Date());
  const [params] = useSearchParams();
  const [status, setStatus] = useState<StatusFilter>(() => STATUS_FROM_URL[params.get('statut') ?? ''] ?? '');
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const filters: Filters = { ...statusFilters(status, now) };
  if (range[0] || range[1]) {
    filters.date = { mode: 'between', valueIsDate: true, ...(range[0] ? { startDate: startOfDay(range[0]) } : {}), ...(range[1] ? { endDate: endOfDay(range[1]) } : {}) };
  }
  const list = useListState({ field: 'date', ascending: false }, 20, 'providerName', filters);
  const purchases = useList<Purchase>(PURCHASES, { ...list.options, fields: PURCHASE_ROW_FIELDS, aggregations: AGGREGATIONS });
  const field = SEARCH_FIELDS.find((f) => f.value === list.searchField) ?? SEARCH_FIELDS[0];

  return (
    <div data-testid="purchases-list">
      <PageHeader
        title="Achats"
        description="Factures et avoirs de vos fournisseurs, leurs paiements et la TVA à déduire."
        actions={can(PERMISSIONS.purchasesManage) && (
          <>
            <Button variant="default" component={Link} to="importer">Importer une facture</Button>
            <Button component={Link} to="nouvel-achat">Nouvel achat</Button>
          </>
        )}
      />
      <Chip.Group value={status} onChange={(v) => { setStatus(v as StatusFilter); list.setPage(1); }}>
        <Group gap="xs" mb="sm" aria-label="Statut">
          {STATUS_FILTERS.map((s) => <Chip key={s.value} value={s.value} size="sm">{s.label}</Chip>)}
        </Group>
      </Chip.Group>
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <Select label="Rechercher par" data={SEARCH_FIELDS} value={field.value} allowDeselect={false} w={150}
          onChange={(v) => list.setSearchField(v ?? 'providerName')} />
        <TextInput label="Recherche" aria-label={`Recherche par ${field.label.toLowerCase()}`} type="search" w={220}
          value={list.search} onChange={(e) => list.setSearch(e.currentTarget.value)} />
        <DatePickerInput type="range" label="Période" placeholder="Toutes les dates" clearable valueFormat="DD/MM/YYYY" w={240}
          value={range} onChange={(r) => { setRange(r as [string | null, string | null]); list.setPage(1); }} />
      </Group>
      {purchases.isError ? <QueryFailed error={purchases.error} onRetry={() => void purchases.refetch()} /> : (
        <>
          <Totals result={purchases.data} />
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Achats" style={{ opacity: purchases.isFetching ? 0.7 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="numberFull" sort={list.sort} onSort={list.setSort}>N°</SortableTh>
                  <SortableTh field="date" sort={list.sort} onSort={list.setSort}>Date</SortableTh>
                  <SortableTh field="providerName" sort={list.sort} onSort={list.setSort}>Fournisseur</SortableTh>
                  <SortableTh field="invoiceNumber" sort={list.sort} onSort={list.setSort}>Facture</SortableTh>
                  <SortableTh field="inclTaxesPrice" sort={list.sort} onSort={list.setSort}>Total TTC</SortableTh>
                  <SortableTh field="unpaidAmount" sort={list.sort} onSort={list.setSort}>Reste à payer</SortableTh>
                  <SortableTh field="dueDate" sort={list.sort} onSort={list.setSort}>Échéance</SortableTh>
                  <Table.Th>Statut</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{purchases.data?.data.map((p) => <Row key={p._id} purchase={p} />)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {purchases.isPending && <Text c="dimmed" size="sm" mt="md">Chargement des achats…</Text>}
          {purchases.data && <ListFooter page={list.page} quantity={list.quantity} count={purchases.data.count} onPage={list.setPage} noun={['achat', 'achats']} />}
        </>
      )}
    </div>
  );
}
