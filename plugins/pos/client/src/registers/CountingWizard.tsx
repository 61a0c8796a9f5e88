/**
 * Opening or closing a register: count the drawer by denomination (or type one amount when the
 * register does not count coins), add a comment, then see what the server found: expected, counted,
 * difference. `mode` is the route's: `ouverture` or `cloture`.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Button, Group, Loader, NumberInput, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { formatMoney, useComptoir, useEntity, useInvalidate } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { REGISTERS, VERIFICATIONS, X_TICKETS, Z_TICKETS, errorText, type CashRegister, type CashRegisterVerification, type ClosingTicket } from '../api.ts';
import { TicketPreview } from '../closings/TicketPreview.tsx';
import { DENOMINATIONS, cashOf, countedCents, type Quantities } from './counting.ts';

export function CountingWizard({ mode }: { mode: 'open' | 'close' }) {
  const { id = '' } = useParams();
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const register = useEntity<CashRegister>(REGISTERS, id);
  const [quantities, setQuantities] = useState<Quantities>({});
  const [custom, setCustom] = useState<number | string>('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CashRegisterVerification | null>(null);
  // the closing's Z ticket (every closing makes one)
  const [zTicket, setZTicket] = useState<ClosingTicket | null>(null);
  const [saving, setSaving] = useState(false);

  if (register.isPending) return <Loader />;
  if (register.isError) return <Alert color="red" title="Caisse introuvable">{errorText(register.error)}</Alert>;
  const r = register.data;
  const byDenomination = r.useCashDetails;
  const total = byDenomination ? countedCents(quantities) / 100 : Number(custom || 0);

  async function submit() {
    setSaving(true);
    setError(null);
    try {
      const cash = cashOf(quantities, byDenomination ? null : Number(custom || 0));
      const answer = await api.post<{ verification: CashRegisterVerification; zTicket?: ClosingTicket }>(`${REGISTERS}/${id}/${mode}`, { cash, ...(comment ? { comment } : {}) });
      setResult(answer.verification);
      setZTicket(answer.zTicket ?? null);
      if (answer.zTicket) await invalidate(Z_TICKETS);
      await invalidate(X_TICKETS);
      await invalidate(REGISTERS);
      await invalidate(VERIFICATIONS);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  const title = `${mode === 'open' ? 'Ouverture' : 'Clôture'} de la caisse ${r.numberFull} — ${r.name}`;
  if (result) {
    return (
      <Stack maw={560} data-testid="pos-verification-result">
        <PageHeader title={title} />
        <Table>
          <Table.Tbody>
            <Table.Tr><Table.Td>Montant attendu</Table.Td><Table.Td ta="right">{formatMoney(result.expectedAmount)}</Table.Td></Table.Tr>
            <Table.Tr><Table.Td>Montant compté</Table.Td><Table.Td ta="right">{formatMoney(result.realAmount)}</Table.Td></Table.Tr>
            <Table.Tr><Table.Td fw={700}>Écart</Table.Td><Table.Td ta="right" fw={700} c={result.difference === 0 ? undefined : 'red'}>{formatMoney(result.difference)}</Table.Td></Table.Tr>
          </Table.Tbody>
        </Table>
        {zTicket && (
          <Stack gap="xs" data-testid="pos-z-result">
            <Title order={4}>Ticket Z n° {zTicket.numberFull}</Title>
            <Text>{zTicket.ticketsCount} ventes ({formatMoney(zTicket.totalInclTaxes)}), {zTicket.refundTicketsCount} remboursements ({formatMoney(zTicket.refundTotalInclTaxes)}) — écart de caisse <Text span fw={700} c={zTicket.difference === 0 ? undefined : 'red'}>{formatMoney(zTicket.difference)}</Text></Text>
            <TicketPreview kind="z" id={zTicket._id} />
          </Stack>
        )}
        <Anchor component={Link} to="..">Retour aux caisses</Anchor>
      </Stack>
    );
  }
  return (
    <Stack maw={640} data-testid="pos-counting">
      <PageHeader title={title} />
      {error && <Alert color="red" title="Enregistrement impossible">{error}</Alert>}
      {byDenomination ? (
        <>
          <Title order={4}>Comptez le tiroir</Title>
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            {DENOMINATIONS.map((d) => (
              <NumberInput
                key={d.unit} label={d.label} min={0} allowDecimal={false} allowNegative={false}
                value={quantities[String(d.unit)] ?? ''}
                onChange={(v) => setQuantities({ ...quantities, [String(d.unit)]: typeof v === 'number' ? v : Number(v || 0) })}
              />
            ))}
          </SimpleGrid>
        </>
      ) : (
        <NumberInput label="Montant des espèces" min={0} decimalScale={2} decimalSeparator="," value={custom} onChange={setCustom} />
      )}
      <Text fw={700} data-testid="pos-counted-total">Total compté : {formatMoney(total)}</Text>
      <Textarea label="Commentaire" value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
      <Group>
        <Button onClick={submit} loading={saving}>{mode === 'open' ? 'Ouvrir la caisse' : 'Clôturer la caisse'}</Button>
        <Button variant="default" component={Link} to="..">Annuler</Button>
      </Group>
    </Stack>
  );
}
