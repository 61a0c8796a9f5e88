/**
 * The receipts of one register (`/caisse/:id/tickets`), newest first: reprint (a duplicate once the
 * original is out), send by e-mail, refund the whole receipt or chosen lines — the money goes back
 * in one mode chosen here (the server checks what is left to refund and the drawer).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Badge, Button, Group, Loader, NumberInput, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatDateTime, formatMoney, useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { PAYMENT_MODE_OPTIONS, PageHeader } from '@comptoir/sdk/ui';
import { RECEIPTS, REGISTERS, errorText, type Receipt } from '../api.ts';
import { refundBody, refundableQuantities } from './refund.ts';

export function ReceiptsScreen() {
  const { id = '' } = useParams();
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const receipts = useList<Receipt>(RECEIPTS, { filters: { 'fk.cashRegister': { mode: 'eq', value: id, valueIsObjectId: true } }, sort: { field: 'number', ascending: false }, pagination: { quantity: 50 } });
  const [open, setOpen] = useState<string | null>(null);
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  const rows = receipts.data?.data ?? [];

  async function act(label: string, run: () => Promise<string>) {
    setMessage(null);
    try {
      setMessage({ color: 'green', text: await run() });
      await invalidate(RECEIPTS);
      await invalidate(REGISTERS);
    } catch (e) {
      setMessage({ color: 'red', text: `${label} : ${errorText(e)}` });
    }
  }

  return (
    <Stack data-testid="pos-receipts">
      <PageHeader title="Tickets de caisse" />
      <Group><Button variant="default" component={Link} to={`../${id}/vente`}>Retour à la vente</Button></Group>
      {message && <Alert color={message.color} data-testid="pos-receipts-message">{message.text}</Alert>}
      {receipts.isError && <Alert color="red" title="Chargement impossible">{errorText(receipts.error)}</Alert>}
      {receipts.isPending ? <Loader /> : (
        <Table>
          <Table.Thead><Table.Tr><Table.Th>N°</Table.Th><Table.Th>Date</Table.Th><Table.Th>Paiements</Table.Th><Table.Th ta="right">Total</Table.Th><Table.Th /></Table.Tr></Table.Thead>
          <Table.Tbody>
            {rows.map((t) => (
              <Table.Tr key={t._id} data-testid="pos-receipt-row">
                <Table.Td>{t.numberFull} {t.refund && <Badge color="orange">Remboursement</Badge>}</Table.Td>
                <Table.Td>{formatDateTime(t.date)}</Table.Td>
                <Table.Td>{t.payments.map((p) => `${PAYMENT_MODE_OPTIONS.find((m) => m.value === p.mode)?.label ?? p.mode} ${formatMoney(p.amount)}`).join(', ')}</Table.Td>
                <Table.Td ta="right">{formatMoney(t.inclTaxesPrice)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="end">
                    <Button size="sm" variant="default" onClick={() => act('Impression', async () => {
                      const a = await api.post<{ duplicate: number }>(`${RECEIPTS}/${t._id}/print`);
                      return a.duplicate ? `Duplicata n° ${a.duplicate} imprimé.` : 'Ticket imprimé.';
                    })}>Réimprimer</Button>
                    <Button size="sm" variant="default" onClick={() => setOpen(open === `mail-${t._id}` ? null : `mail-${t._id}`)}>Envoyer</Button>
                    {!t.refund && <Button size="sm" color="orange" onClick={() => setOpen(open === `refund-${t._id}` ? null : `refund-${t._id}`)}>Rembourser</Button>}
                  </Group>
                  {open === `mail-${t._id}` && <SendForm onSend={(to) => act('Envoi', async () => { await api.post(`${RECEIPTS}/${t._id}/send`, { to }); setOpen(null); return `Ticket envoyé à ${to}.`; })} />}
                  {open === `refund-${t._id}` && <RefundForm receipt={t} refunds={rows.filter((o) => o.fk.sourceReceipt === t._id)} onRefund={(body) => act('Remboursement', async () => {
                    const refund = await api.post<Receipt>(`${RECEIPTS}/${t._id}/refund`, body);
                    setOpen(null);
                    return `Ticket de remboursement ${refund.numberFull} : ${formatMoney(refund.inclTaxesPrice)}.`;
                  })} />}
                </Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && <Table.Tr><Table.Td colSpan={5}><Text c="dimmed">Aucun ticket pour cette caisse.</Text></Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function SendForm({ onSend }: { onSend: (to: string) => void }) {
  const [to, setTo] = useState('');
  return (
    <Group mt="xs" align="end">
      <TextInput label="Adresse e-mail du client" type="email" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
      <Button onClick={() => onSend(to)}>Envoyer le ticket</Button>
    </Group>
  );
}

function RefundForm({ receipt, refunds, onRefund }: { receipt: Receipt; refunds: Receipt[]; onRefund: (body: ReturnType<typeof refundBody>) => void }) {
  const left = refundableQuantities(receipt, refunds);
  const [chosen, setChosen] = useState<Record<string, number>>(left);
  const [mode, setMode] = useState<string>(receipt.payments[0]?.mode ?? 'cash');
  const body = refundBody(receipt, chosen, left, mode);
  return (
    <Stack mt="xs" gap="xs" data-testid="pos-refund-form">
      <Title order={5}>Lignes à rembourser</Title>
      {receipt.items.map((line) => (
        <Group key={line.uuid} gap="xs">
          <NumberInput w={90} aria-label={`Quantité remboursée de ${line.labelPrimary}`} min={0} max={left[line.uuid ?? ''] ?? 0} allowDecimal={false}
            value={chosen[line.uuid ?? ''] ?? 0} onChange={(v) => setChosen({ ...chosen, [line.uuid ?? '']: Number(v || 0) })} />
          <Text>{line.labelPrimary} (reste {left[line.uuid ?? ''] ?? 0})</Text>
        </Group>
      ))}
      <Select label="Rendu en" data={PAYMENT_MODE_OPTIONS.filter((m) => m.value !== 'credit-compensation')} value={mode} onChange={(v) => setMode(v ?? 'cash')} allowDeselect={false} />
      <Text fw={700}>À rembourser : {formatMoney(body ? body.payments[0].amount : 0)}</Text>
      <Button color="orange" disabled={!body} onClick={() => body && onRefund(body)}>Confirmer le remboursement</Button>
    </Stack>
  );
}
