/** `/factures`: the invoices of the active company, filtered, sorted and paginated, with the totals of what matches. */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Table, Text } from '@mantine/core';
import { useComptoir, useList } from '@comptoir/sdk/react';
import type { Filters } from '@comptoir/sdk/client';
import { ListFooter, PageHeader, QueryFailed, SortableTh, useListState } from '@comptoir/sdk/ui';
import { INVOICES, PERMISSIONS } from '../api.ts';
import { endOfDay, startOfDay } from '../common/days.ts';
import { InvoiceFilters, type InvoiceFilterValues } from './InvoiceFilters.tsx';
import { InvoiceListTotals } from './InvoiceListTotals.tsx';
import { totalsQuery } from './listTotals.ts';
import { InvoiceRow } from './InvoiceRow.tsx';
import { STATE_FROM_URL, stateFilters } from './invoiceStatus.ts';
import type { Invoice } from '../types.ts';

function filtersOf(v: InvoiceFilterValues): Filters {
  const filters: Filters = { ...stateFilters(v.state) };
  if (v.customerId) filters['fk.receiverCustomer'] = { mode: 'eq', value: v.customerId, valueIsObjectId: true };
  const [from, to] = v.range;
  if (from || to) {
    filters.date = { mode: 'between', valueIsDate: true, ...(from ? { startDate: startOfDay(from) } : {}), ...(to ? { endDate: endOfDay(to) } : {}) };
  }
  return filters;
}

/** What a row shows (InvoiceRow): the list reads and sends only these (http README « Lists », `fields`). */
const INVOICE_ROW_FIELDS = ['numberFull', 'date', 'receiverName', 'exclTaxesPrice', 'inclTaxesPrice', 'unpaidAmount', 'status', 'replacedBy'];

export function InvoicesScreen() {
  const { can } = useComptoir();
  // `?filtre=impayees&du=2026-11-01&au=2026-11-27`: where the home page's figures lead
  const [params] = useSearchParams();
  const [values, setValues] = useState<InvoiceFilterValues>(() => ({
    state: STATE_FROM_URL[params.get('filtre') ?? ''] ?? '', customerId: null, range: [params.get('du'), params.get('au')],
  }));
  const list = useListState({ field: 'date', ascending: false }, 20, 'numberFull', filtersOf(values));
  const invoices = useList<Invoice>(INVOICES, { ...list.options, fields: INVOICE_ROW_FIELDS });
  // the sums in their own request, drafts left out (listTotals.ts)
  const totals = useList<Invoice>(INVOICES, totalsQuery(list.options.filters));

  function filter(next: InvoiceFilterValues) {
    setValues(next);
    list.setPage(1);
  }

  return (
    <div data-testid="invoicing-invoices">
      <PageHeader
        title="Factures"
        description="Brouillons, factures émises et avoirs de l’entreprise."
        actions={can(PERMISSIONS.invoicesManage) && (
          <>
            <Button variant="default" component={Link} to="nouvel-avoir">Nouvel avoir</Button>
            <Button component={Link} to="nouvelle">Nouvelle facture</Button>
          </>
        )}
      />
      <InvoiceFilters values={values} onChange={filter} search={list.search} onSearch={list.setSearch}
        searchField={list.searchField} onSearchField={list.setSearchField} />
      {invoices.isError ? (
        <QueryFailed error={invoices.error} onRetry={() => void invoices.refetch()} />
      ) : (
        <>
          <InvoiceListTotals count={invoices.data?.count} totals={totals.data} />
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Factures" style={{ opacity: invoices.isFetching ? 0.7 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <SortableTh field="numberFull" sort={list.sort} onSort={list.setSort}>Numéro</SortableTh>
                  <SortableTh field="date" sort={list.sort} onSort={list.setSort}>Date</SortableTh>
                  <SortableTh field="receiverName" sort={list.sort} onSort={list.setSort}>Client</SortableTh>
                  <SortableTh field="exclTaxesPrice" sort={list.sort} onSort={list.setSort}>Total HT</SortableTh>
                  <SortableTh field="inclTaxesPrice" sort={list.sort} onSort={list.setSort}>Total TTC</SortableTh>
                  <SortableTh field="unpaidAmount" sort={list.sort} onSort={list.setSort}>Reste dû</SortableTh>
                  <Table.Th>Statut</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.data?.data.map((invoice) => <InvoiceRow key={invoice._id} invoice={invoice} />)}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {invoices.isPending && <Text c="dimmed" size="sm" mt="md">Chargement des factures…</Text>}
          {invoices.data && (
            <ListFooter page={list.page} quantity={list.quantity} count={invoices.data.count} onPage={list.setPage} noun={['facture', 'factures', 'f']} />
          )}
        </>
      )}
    </div>
  );
}
