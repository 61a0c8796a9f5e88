/** The counters of some kinds, one row each. */
import { Table } from '@mantine/core';
import type { FormFields } from '@comptoir/sdk/ui';
import type { CompanyRecord, NumberingKindInfo } from './companyTypes.ts';
import { NumberingRow, type NumberingFormValues } from './NumberingRow.tsx';

export function NumberingTable({ kinds, form, company, caption }: {
  kinds: readonly NumberingKindInfo[];
  form: FormFields<NumberingFormValues>;
  company: CompanyRecord;
  caption: string;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Document</Table.Th>
            <Table.Th>Prochain numéro</Table.Th>
            <Table.Th>Chiffres min.</Table.Th>
            <Table.Th>Préfixe</Table.Th>
            <Table.Th>Suffixe</Table.Th>
            <Table.Th>Aperçu</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {kinds.map(({ kind, label }) => (
            <NumberingRow key={kind} kind={kind} label={label} form={form} storedNext={company.numbering?.[kind]?.next ?? 1} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
