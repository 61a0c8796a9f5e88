/**
 * « Facture électronique » of an emitted invoice: frozen at its emission (invoicing README
 * « Factur-X », Frozen e-invoice), the date it was produced and the SHA-256 of its files — what the
 * downloads and the e-mails carry, byte for byte; or « À produire » when its render failed, with
 * « Produire maintenant ». The payments are not in it: they are listed below, in « Paiements ».
 */
import { useState } from 'react';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, useComptoir } from '@comptoir/sdk/react';
import { QueryFailed, Section, notifyFailed } from '@comptoir/sdk/ui';
import { invoicePath } from '../api.ts';
import { einvoiceText, type EInvoiceStateAnswer } from './einvoiceText.ts';

export function EInvoiceState({ invoiceId }: { invoiceId: string }) {
  const { api, company } = useComptoir();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const key = ['invoicing', 'einvoice', company?._id, invoiceId];
  const state = useQuery({ queryKey: key, queryFn: () => api.get<EInvoiceStateAnswer>(invoicePath(invoiceId, 'einvoice')) });

  async function produce() {
    setBusy(true);
    try {
      queryClient.setQueryData(key, await api.post<EInvoiceStateAnswer>(invoicePath(invoiceId, 'einvoice')));
    } catch (e) {
      notifyFailed(e, 'Facture électronique non produite');
    } finally {
      setBusy(false);
    }
  }

  const answer = state.data;
  const text = answer ? einvoiceText(answer, formatDateTime) : null;
  return (
    <Section title="Facture électronique">
      {state.isError && <QueryFailed error={state.error} onRetry={() => void state.refetch()} />}
      {text && (
        <Stack gap={4} data-testid="invoicing-einvoice">
          <Text size="sm">{text.summary}</Text>
          {text.files.map((f) => (
            <Text key={f.label} size="xs" c="dimmed">{f.label} : <Code>{f.sha256}</Code></Text>
          ))}
          {answer?.status === 'pending' && (
            <Group><Button size="xs" variant="default" loading={busy} onClick={() => void produce()}>Produire maintenant</Button></Group>
          )}
        </Stack>
      )}
    </Section>
  );
}
