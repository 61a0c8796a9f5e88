/** The two tables of the chart form: accounts by role (and VAT rate), journals by role. */
import { Table, TextInput } from '@mantine/core';
import type { FormFields } from '@comptoir/sdk/ui';
import type { Chart } from './accountingApi.ts';
import { JOURNAL_LABELS, accountRoleLabel } from './accountingText.ts';

export function AccountsTable({ form }: { form: FormFields<Chart> }) {
  const accounts = form.values.accounts;
  return (
    <Table striped verticalSpacing="xs" aria-label="Comptes">
      <Table.Thead>
        <Table.Tr><Table.Th>Rôle</Table.Th><Table.Th w={180}>Numéro</Table.Th><Table.Th>Libellé</Table.Th></Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {accounts.map((a, i) => {
          const role = accountRoleLabel(a, accounts.some((b) => b.role === a.role && b.vatRate !== undefined));
          return (
            <Table.Tr key={`${a.role}-${a.vatRate ?? ''}-${i}`}>
              <Table.Td>{role}</Table.Td>
              <Table.Td><TextInput aria-label={`Numéro : ${role}`} {...form.getInputProps(`accounts.${i}.number`)} /></Table.Td>
              <Table.Td><TextInput aria-label={`Libellé : ${role}`} {...form.getInputProps(`accounts.${i}.label`)} /></Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

export function JournalsTable({ form }: { form: FormFields<Chart> }) {
  return (
    <Table striped verticalSpacing="xs" aria-label="Journaux">
      <Table.Thead>
        <Table.Tr><Table.Th>Journal</Table.Th><Table.Th w={140}>Code</Table.Th><Table.Th>Libellé</Table.Th></Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {form.values.journals.map((j, i) => (
          <Table.Tr key={j.role}>
            <Table.Td>{JOURNAL_LABELS[j.role] ?? j.role}</Table.Td>
            <Table.Td><TextInput aria-label={`Code : ${JOURNAL_LABELS[j.role]}`} {...form.getInputProps(`journals.${i}.code`)} /></Table.Td>
            <Table.Td><TextInput aria-label={`Libellé du journal : ${JOURNAL_LABELS[j.role]}`} {...form.getInputProps(`journals.${i}.label`)} /></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
