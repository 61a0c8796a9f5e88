/**
 * A list of payments across documents (invoicing's « Paiements », purchases' « Paiements
 * fournisseurs »): its filters written in the address (`usePaymentsQuery`, `PaymentsFilters`), the
 * sums of what came in and went out under them (`usePaymentDirectionSums`, `PaymentsTotals`), and the
 * table (`PaymentsListTable`): date, number, direction, mode, the document paid, who, the amount as
 * money in (+) or out (−). Each plugin gives its words, its documents and its links.
 */
import type { ReactNode } from 'react';
import { Badge, Group, Paper, Select, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { endOfDay, formatDate, formatMoney, formatNumber, startOfDay, useList } from '@comptoir/sdk/react';
import type { Filters, Sort } from '@comptoir/sdk/client';
import { PAYMENT_DIRECTION_LABELS, type PaymentDirection } from '@comptoir/sdk/commerce';
import { SortableTh } from '../SortableTh.tsx';
import { paymentModeLabel } from './PaymentsTable.tsx';
import { PAYMENT_MODE_OPTIONS } from './payments.ts';
import {
  PAYMENT_DIRECTION_COLORS, cashAmount, paymentsFiltersOfQuery, paymentsParamsOfQuery, paymentsQueryFromParams, paymentsSortOfQuery,
  shownDirections, type PaymentsQuery,
} from './paymentsList.ts';

type SetParams = (params: Record<string, string>, options?: { replace?: boolean }) => void;

/**
 * The list's query read from the address and written back: a new filter goes back to page 1 and
 * replaces the address (Back leaves the list), a new page is a step Back returns to. Give it the
 * router's `useSearchParams()` (the kit does not depend on the router).
 */
export function usePaymentsQuery([params, setParams]: [URLSearchParams, SetParams], documents: Record<string, string> = {}) {
  const query = paymentsQueryFromParams(params, documents);
  const sort = paymentsSortOfQuery(query);
  return {
    query,
    sort,
    filters: paymentsFiltersOfQuery(query, startOfDay, endOfDay, documents),
    set: (changes: Partial<PaymentsQuery>) => setParams(paymentsParamsOfQuery({ ...query, page: 1, ...changes }), { replace: true }),
    setSort: (s: Sort) => setParams(paymentsParamsOfQuery({ ...query, page: 1, tri: s.ascending ? 'date' : '' }), { replace: true }),
    setPage: (page: number) => setParams(paymentsParamsOfQuery({ ...query, page }), { replace: false }),
  };
}

const SUM = [{ name: 'amount', field: 'amount', sum: true }];

function useDirectionSum(collection: string, filters: Filters, direction: PaymentDirection, enabled: boolean) {
  const page = useList(collection, {
    filters: { ...filters, direction: { mode: 'eq', value: direction } }, pagination: { quantity: 1, page: 1 }, aggregations: SUM,
  }, { enabled });
  // a disabled query keeps the previous filters' answer as placeholder: not this list's total
  return enabled ? Math.abs(page.data?.aggregation.amount?.sum ?? 0) : 0;
}

/**
 * What came in and what went out under the list's filters (positive amounts): one one-row page per
 * direction, only its aggregation read; a direction the filter hides counts 0 without a request.
 */
export function usePaymentDirectionSums(collection: string, filters: Filters, query: Pick<PaymentsQuery, 'sens'>) {
  const shown = shownDirections(query);
  return { in: useDirectionSum(collection, filters, 'in', shown.in), out: useDirectionSum(collection, filters, 'out', shown.out) };
}

export interface PaymentsFiltersProps {
  query: PaymentsQuery;
  onChange(changes: Partial<PaymentsQuery>): void;
  /** `paymentDirectionOptions(order, hints)` */
  directions: { value: string; label: string }[];
  /** the « Document » select, when the plugin's payments settle several kinds of documents */
  documents?: { value: string; label: string }[];
  /** `<testId>-direction` on the « Sens » select */
  testId: string;
}

/** « Sens », « Mode », « Document » (when given) and « Période », the query's values. */
export function PaymentsFilters({ query, onChange, directions, documents, testId }: PaymentsFiltersProps) {
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <Select label="Sens" data={directions} value={query.sens} allowDeselect={false} w={270} data-testid={`${testId}-direction`}
        onChange={(v) => onChange({ sens: v ?? '' })} />
      <Select label="Mode" data={[{ value: '', label: 'Tous les modes' }, ...PAYMENT_MODE_OPTIONS]} value={query.mode} allowDeselect={false} w={200}
        onChange={(v) => onChange({ mode: v ?? '' })} />
      {documents && (
        <Select label="Document" data={documents} value={query.document} allowDeselect={false} w={200} onChange={(v) => onChange({ document: v ?? '' })} />
      )}
      <DatePickerInput type="range" label="Période" placeholder="Toutes les dates" clearable valueFormat="DD/MM/YYYY" w={240}
        value={[query.du || null, query.au || null]}
        onChange={(r) => { const [du, au] = r as [string | null, string | null]; onChange({ du: du ?? '', au: au ?? '' }); }} />
    </Group>
  );
}

/** « 3 paiements », then the plugin's figures (« Encaissé : 141,10 € »…). */
export function PaymentsTotals({ count, figures, testId }: { count: number; figures: { label: string; amount: number }[]; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md" mb="md" data-testid={testId}>
      <Group gap="xl">
        <Text size="sm">{formatNumber(count)} {count > 1 ? 'paiements' : 'paiement'}</Text>
        {figures.map((f) => <Text key={f.label} size="sm">{f.label} : <b>{formatMoney(f.amount)}</b></Text>)}
      </Group>
    </Paper>
  );
}

export interface PaymentsListRow {
  payment: { _id: string; date: string; numberFull?: string | null; mode: string; amount: number; direction?: PaymentDirection | null };
  /** the document paid, usually a link to it */
  document: ReactNode;
  /** who paid or was paid */
  party: ReactNode;
}

export interface PaymentsListTableProps {
  rows: PaymentsListRow[];
  sort: Sort;
  onSort(sort: Sort): void;
  /** the table's accessible name */
  label: string;
  /** the header of the party column (« Client », « Fournisseur ») */
  partyLabel: string;
  /** on every row, with `data-direction` */
  rowTestId: string;
  /** a new page is being read: the rows shown are the previous ones */
  fetching?: boolean;
}

export function PaymentsListTable({ rows, sort, onSort, label, partyLabel, rowTestId, fetching = false }: PaymentsListTableProps) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="sm" aria-label={label} style={{ opacity: fetching ? 0.7 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="date" sort={sort} onSort={onSort}>Date</SortableTh>
            <Table.Th>Numéro</Table.Th>
            <Table.Th>Sens</Table.Th>
            <Table.Th>Mode</Table.Th>
            <Table.Th>Document</Table.Th>
            <Table.Th>{partyLabel}</Table.Th>
            <Table.Th ta="right">Montant</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ payment, document, party }) => {
            const direction = payment.direction ?? 'none';
            return (
              <Table.Tr key={payment._id} data-testid={rowTestId} data-direction={direction}>
                <Table.Td>{formatDate(payment.date)}</Table.Td>
                <Table.Td>{payment.numberFull ?? '—'}</Table.Td>
                <Table.Td><Badge variant="light" color={PAYMENT_DIRECTION_COLORS[direction]}>{PAYMENT_DIRECTION_LABELS[direction]}</Badge></Table.Td>
                <Table.Td>{paymentModeLabel(payment.mode)}</Table.Td>
                <Table.Td>{document}</Table.Td>
                <Table.Td>{party}</Table.Td>
                <Table.Td ta="right" c={direction === 'out' ? 'red' : direction === 'none' ? 'dimmed' : undefined}>
                  {direction === 'in' ? '+' : ''}{formatMoney(cashAmount(payment))}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
