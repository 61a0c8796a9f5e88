/**
 * The payment pad: what is left to pay, the 12 modes, split at will; cash by touching the notes and
 * coins handed over (or one amount on a till that does not count coins), the change previewed by
 * the server from the drawer (`POST /api/pos/change`, nothing written) with what it cannot give.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMoney, useComptoir } from '@comptoir/sdk/react';
import { PAYMENT_MODE_OPTIONS } from '@comptoir/sdk/ui';
import { CHANGE, type CashRegisterChange } from '../api.ts';
import { DENOMINATIONS, cashOf, countedCents, type Quantities } from '../registers/counting.ts';
import { addPayment, dueCents, exactCash, type Basket } from './basket.ts';

const euros = (cents: number) => formatMoney(cents / 100);
// a credit-note compensation is written by invoicing only: the till offers the 11 others
const MODES = PAYMENT_MODE_OPTIONS.filter((m) => m.value !== 'credit-compensation');

export function PaymentPad({ basket, onChange, registerId, byDenomination, onChangePreview }: {
  basket: Basket;
  onChange: (b: Basket) => void;
  registerId: string;
  byDenomination: boolean;
  onChangePreview: (change: CashRegisterChange | null) => void;
}) {
  const { api } = useComptoir();
  const [mode, setMode] = useState('cash');
  const [handed, setHanded] = useState<Quantities>({});
  const [amount, setAmount] = useState<number | string>('');
  const due = dueCents(basket);
  const handedCents = countedCents(handed);

  // the change of the cash part, from this register's drawer, as the customer's money is counted
  const cashPayments = basket.payments.filter((p) => p.handed);
  useEffect(() => {
    const last = cashPayments.at(-1);
    if (!last?.handed || countedCents(last.handed) === last.cents) {
      onChangePreview(null);
      return;
    }
    let live = true;
    const paid = byDenomination ? cashOf(last.handed, null) : { currency: 'euro' as const, customAmount: countedCents(last.handed) / 100 };
    api.post<CashRegisterChange>(CHANGE, { cashRegisterId: registerId, amount: last.cents / 100, paid })
      .then((c) => { if (live) onChangePreview(c); })
      .catch(() => { if (live) onChangePreview(null); });
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when the cash payments change, not on every render
  }, [JSON.stringify(cashPayments), registerId, byDenomination]);

  function addCash() {
    onChange(addPayment(basket, 'cash', undefined, handed));
    setHanded({});
  }

  function addOther() {
    const cents = amount === '' ? due : Math.round(Number(amount) * 100);
    onChange(addPayment(basket, mode, cents));
    setAmount('');
  }

  return (
    <Stack gap="xs" data-testid="pos-payment-pad">
      <Title order={3} data-testid="pos-due">Reste à payer : {euros(due)}</Title>
      <SimpleGrid cols={4} spacing={6} role="group" aria-label="Mode de paiement">
        {MODES.map((m) => (
          <Button key={m.value} h={48} variant={mode === m.value ? 'filled' : 'default'} aria-pressed={mode === m.value} onClick={() => setMode(m.value)}>{m.label}</Button>
        ))}
      </SimpleGrid>
      {mode === 'cash' ? (
        <>
          {byDenomination ? (
            <SimpleGrid cols={5} spacing={6} role="group" aria-label="Espèces remises">
              {DENOMINATIONS.map((d) => (
                <Button key={d.unit} h={48} variant="light" onClick={() => setHanded({ ...handed, [String(d.unit)]: (handed[String(d.unit)] ?? 0) + 1 })}>{d.label}</Button>
              ))}
            </SimpleGrid>
          ) : (
            <NumberInput size="lg" label="Espèces remises" min={0} decimalScale={2} decimalSeparator="," value={handedCents ? handedCents / 100 : ''}
              onChange={(v) => setHanded(v === '' ? {} : { '0.01': Math.round(Number(v) * 100) })} />
          )}
          <Group>
            <Text fw={700} data-testid="pos-handed">Remis : {euros(handedCents)}</Text>
            <Button variant="default" onClick={() => setHanded({})}>Effacer</Button>
            <Button variant="default" disabled={due === 0} onClick={() => onChange(addPayment(basket, 'cash', undefined, exactCash(due)))}>Montant exact</Button>
            <Button disabled={handedCents === 0 || due === 0} onClick={addCash}>Encaisser les espèces</Button>
          </Group>
        </>
      ) : (
        <Group align="end">
          <NumberInput size="lg" label="Montant" placeholder={euros(due)} min={0} decimalScale={2} decimalSeparator="," value={amount} onChange={setAmount} />
          <Button size="lg" disabled={due === 0} onClick={addOther}>Ajouter le paiement</Button>
        </Group>
      )}
      {due === 0 && basket.payments.length > 0 && <Alert color="green" title="Ticket réglé">Validez la vente (F9).</Alert>}
    </Stack>
  );
}
