/** The lines of a document being edited: the table, « Ajouter une ligne » and the catalogue picker. */
import { Button, Group, Table, Text } from '@mantine/core';
import { CataloguePicker } from './CataloguePicker.tsx';
import { LineRow } from './LineRow.tsx';
import { emptyLine, lineFromCatalogue, type LineDraft } from './lineDraft.ts';

export function LinesEditor({ lines, onChange, error, errors = {} }: {
  lines: LineDraft[];
  onChange(lines: LineDraft[]): void;
  error?: string | null;
  /** per line (by uuid), per field: the server's messages, shown under the inputs */
  errors?: Record<string, Record<string, string>>;
}) {
  const replace = (i: number, line: LineDraft) => onChange(lines.map((l, j) => (j === i ? line : l)));
  const remove = (i: number) => onChange(lines.filter((_, j) => j !== i));
  return (
    <div>
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="xs" aria-label="Lignes du document">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Désignation</Table.Th>
              <Table.Th>Quantité</Table.Th>
              <Table.Th>P.U. HT</Table.Th>
              <Table.Th>TVA</Table.Th>
              <Table.Th>P.U. TTC</Table.Th>
              <Table.Th ta="right">Total HT</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, i) => (
              <LineRow key={line.uuid} line={line} index={i} onChange={(l) => replace(i, l)} onRemove={() => remove(i)} errors={errors[line.uuid]} />
            ))}
            {lines.length === 0 && (
              <Table.Tr><Table.Td colSpan={7}><Text c="dimmed" size="sm">Aucune ligne : ajoutez-en une ou choisissez un article du catalogue.</Text></Table.Td></Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {error && <Text c="red" size="sm" role="alert">{error}</Text>}
      <Group mt="sm" gap="sm">
        <Button variant="light" onClick={() => onChange([...lines, emptyLine()])}>Ajouter une ligne</Button>
        <CataloguePicker onPick={(item) => onChange([...lines, lineFromCatalogue(item)])} />
      </Group>
    </div>
  );
}
