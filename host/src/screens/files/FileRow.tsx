/** One File: its thumbnail (the s64 variant of its first image), name, type, size, date, actions. */
import { Anchor, Avatar, Button, Group, Stack, Table, Text } from '@mantine/core';
import { formatDateTime, formatSize } from '@comptoir/sdk/react';
import { downloadUrl, thumbnailOf, typeLabel, type FileRecord } from './fileTypes.ts';

export interface FileRowProps {
  file: FileRecord;
  canEdit: boolean;
  onEdit(file: FileRecord): void;
  onRemove(file: FileRecord): void;
}

export function FileRow({ file, canEdit, onEdit, onRemove }: FileRowProps) {
  const thumbnail = thumbnailOf(file);
  const first = file.attachments[0];
  return (
    <Table.Tr data-testid="file-row">
      <Table.Td w={72}>
        <Avatar src={thumbnail} alt={thumbnail ? `Aperçu de ${file.name}` : undefined} radius="sm" size={48} data-testid={thumbnail ? 'file-thumbnail' : undefined}>
          {typeLabel(first).slice(0, 4)}
        </Avatar>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          {first ? (
            <Anchor href={downloadUrl(first)} size="sm" fw={500}>{file.name}</Anchor>
          ) : <Text size="sm" fw={500}>{file.name}</Text>}
          {file.description && <Text size="xs" c="dimmed" lineClamp={1}>{file.description}</Text>}
          {file.attachments.length > 1 && <Text size="xs" c="dimmed">{file.attachments.length} pièces jointes</Text>}
        </Stack>
      </Table.Td>
      <Table.Td><Text size="sm">{typeLabel(first)}</Text></Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}><Text size="sm">{formatSize(file.size)}</Text></Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}><Text size="sm">{formatDateTime(file.metadata.creationDate)}</Text></Table.Td>
      <Table.Td>
        {canEdit && (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button size="compact-sm" variant="light" onClick={() => onEdit(file)}>Modifier</Button>
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => onRemove(file)}>Supprimer</Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
