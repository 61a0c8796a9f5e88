/** One counter: next number, minimum digits, prefix, suffix, and the live preview of the next number. */
import { NumberInput, Table, Text, TextInput } from '@mantine/core';
import type { FormFields } from '@comptoir/sdk/ui';
import type { NumberingValues } from './numberingKinds.ts';
import { NumberPreview } from './NumberPreview.tsx';

export interface NumberingFormValues {
  numbering: NumberingValues;
}

export function NumberingRow({ kind, label, form, storedNext }: { kind: string; label: string; form: FormFields<NumberingFormValues>; storedNext: number }) {
  const values = form.values.numbering[kind];
  const goesBack = Number(values.next) < storedNext;
  return (
    <Table.Tr data-testid={`numbering-${kind}`}>
      <Table.Th scope="row" fw={500}>{label}</Table.Th>
      <Table.Td>
        <NumberInput
          aria-label={`${label} : prochain numéro`} min={1} allowDecimal={false} allowNegative={false} thousandSeparator=" " w={130}
          {...form.getInputProps(`numbering.${kind}.next`)}
        />
        {goesBack && <Text size="xs" c="orange" mt={4} maw={180}>Inférieur au compteur actuel ({storedNext}) : risque de numéros en double.</Text>}
      </Table.Td>
      <Table.Td>
        <NumberInput
          aria-label={`${label} : nombre minimal de chiffres`} min={0} max={30} allowDecimal={false} allowNegative={false} w={90}
          {...form.getInputProps(`numbering.${kind}.minDigits`)}
        />
      </Table.Td>
      <Table.Td><TextInput aria-label={`${label} : préfixe`} w={130} {...form.getInputProps(`numbering.${kind}.prefix`)} /></Table.Td>
      <Table.Td><TextInput aria-label={`${label} : suffixe`} w={110} {...form.getInputProps(`numbering.${kind}.suffix`)} /></Table.Td>
      <Table.Td><NumberPreview values={values} testId={`numbering-preview-${kind}`} /></Table.Td>
    </Table.Tr>
  );
}
