/** Step 4: what was created and what was left out, row by row. */
import { Link } from 'react-router';
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { ImportReport } from '../api.ts';

export function ReportStep({ report, onAgain }: { report: ImportReport; onAgain(): void }) {
  return (
    <Stack>
      <Alert color={report.created ? 'teal' : 'yellow'} title="Import terminé">
        {report.created === 0 ? 'Aucun contact créé.' : `${report.created} contact${report.created > 1 ? 's créés' : ' créé'}.`}
        {report.skipped.length > 0 && ` ${report.skipped.length} fiche${report.skipped.length > 1 ? 's' : ''} non importée${report.skipped.length > 1 ? 's' : ''}.`}
      </Alert>
      {report.skipped.length > 0 && (
        <Table.ScrollContainer minWidth={500} mah={360}>
          <Table striped aria-label="Fiches non importées">
            <Table.Thead><Table.Tr><Table.Th>N°</Table.Th><Table.Th>Raison</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {report.skipped.map((s) => (
                <Table.Tr key={s.row}><Table.Td>{s.row}</Table.Td><Table.Td><Text size="sm">{s.reason}</Text></Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onAgain}>Importer un autre fichier</Button>
        <Button component={Link} to=".." relative="path">Voir les contacts</Button>
      </Group>
    </Stack>
  );
}
