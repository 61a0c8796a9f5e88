/** The rows of the preview: who would be created, the duplicates and the rows left out, with why. */
import { Badge, List, Table, Text, Tooltip } from '@mantine/core';
import type { PreviewRow } from '../api.ts';

function Status({ row, skipDuplicates }: { row: PreviewRow; skipDuplicates: boolean }) {
  if (row.skipReason) return <Tooltip label={row.skipReason} multiline w={320}><Badge color="gray">Ignorée</Badge></Tooltip>;
  if (row.duplicateReason) {
    return <Tooltip label={row.duplicateReason} multiline w={320}><Badge color="orange" styles={{ root: { overflow: "visible" }, label: { overflow: "visible", textOverflow: "clip" } }}>{skipDuplicates ? 'Doublon ignoré' : 'Doublon importé'}</Badge></Tooltip>;
  }
  return <Badge color="teal">À importer</Badge>;
}

export function PreviewTable({ rows, skipDuplicates }: { rows: PreviewRow[]; skipDuplicates: boolean }) {
  return (
    <Table.ScrollContainer minWidth={960} mah={480}>
      <Table striped verticalSpacing="xs" stickyHeader aria-label="Aperçu de l’import">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>N°</Table.Th>
            <Table.Th>Nom affiché</Table.Th>
            <Table.Th>Société</Table.Th>
            <Table.Th>E-mails</Table.Th>
            <Table.Th>Téléphones</Table.Th>
            <Table.Th miw={170} style={{ whiteSpace: "nowrap" }}>État</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.row} data-testid={`import-row-${r.row}`}>
              <Table.Td>{r.row}</Table.Td>
              <Table.Td>
                <Text size="sm">{r.contact?.displayName ?? '—'}</Text>
                {(r.skipReason || r.duplicateReason) && <Text size="xs" c="dimmed">{r.skipReason ?? r.duplicateReason}</Text>}
                {r.warnings.length > 0 && (
                  <List size="xs" c="orange.8">{r.warnings.map((w) => <List.Item key={w}>{w}</List.Item>)}</List>
                )}
              </Table.Td>
              <Table.Td>{r.contact?.company}</Table.Td>
              <Table.Td>{r.contact?.emails?.map((e) => <Text key={e.email} size="sm">{e.email}</Text>)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.contact?.phoneNumbers?.map((p) => <Text key={p.value} size="sm">{p.value}</Text>)}</Table.Td>
              <Table.Td miw={150}><Status row={r} skipDuplicates={skipDuplicates} /></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
