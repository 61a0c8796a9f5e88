/**
 * An X or Z ticket as it will print (the server lays it out at the printer's width), with « Imprimer »:
 * the first print is the original, the next ones duplicates (the server numbers them).
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Code, Group, Loader, Stack, Text } from '@mantine/core';
import { useComptoir } from '@comptoir/sdk/react';
import { X_TICKETS, Z_TICKETS, errorText, type TicketPreviewAnswer } from '../api.ts';

export function TicketPreview({ kind, id }: { kind: 'x' | 'z'; id: string }) {
  const { api } = useComptoir();
  const client = useQueryClient();
  const path = `${kind === 'x' ? X_TICKETS : Z_TICKETS}/${id}`;
  const preview = useQuery({ queryKey: ['pos', 'preview', kind, id], queryFn: () => api.get<TicketPreviewAnswer>(`${path}/preview`), retry: false });
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  const [printing, setPrinting] = useState(false);

  async function print() {
    setPrinting(true);
    setMessage(null);
    try {
      const a = await api.post<{ duplicate: number }>(`${path}/print`, {});
      setMessage({ color: 'green', text: a.duplicate ? `Duplicata n° ${a.duplicate} imprimé.` : 'Ticket imprimé.' });
      await client.invalidateQueries({ queryKey: ['pos', 'preview', kind, id] });
    } catch (e) {
      setMessage({ color: 'red', text: `Impression impossible : ${errorText(e)}` });
    } finally {
      setPrinting(false);
    }
  }

  if (preview.isPending) return <Loader size="sm" />;
  if (preview.isError) return <Alert color="red" title="Aperçu impossible">{errorText(preview.error)}</Alert>;
  const p = preview.data;
  return (
    <Stack gap="xs" data-testid={`pos-${kind}-preview`}>
      <Code block style={{ width: `${p.columns + 2}ch`, maxWidth: '100%', whiteSpace: 'pre', fontSize: 13 }}>{p.lines.join('\n')}</Code>
      <Group>
        <Button onClick={print} loading={printing} disabled={!p.printer}>Imprimer le ticket {kind.toUpperCase()}</Button>
        <Text size="sm" c="dimmed">{p.printer ? `Imprimante : ${p.printer}` : 'Aucune imprimante choisie pour cette caisse.'}</Text>
      </Group>
      {message && <Alert color={message.color} data-testid="pos-print-message">{message.text}</Alert>}
    </Stack>
  );
}
