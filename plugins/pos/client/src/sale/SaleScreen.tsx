/**
 * The fast sale screen of one open register (`/caisse/:id/vente`), sized for a 1024×768 touch
 * screen: the catalogue on the left, the basket and the payment pad on the right. The basket is
 * kept in localStorage per register (a reload loses nothing); a sale validated without connection
 * waits in the outbox and is sent when the connection is back (outbox.ts). Shortcuts: F2 search,
 * F8 pay, F9 validate, + / − the last line's quantity, Suppr removes it, Échap back to the basket.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Button, Grid, Group, Loader, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, useComptoir, useEntity, useInvalidate } from '@comptoir/sdk/react';
import { paymentModeLabel } from '@comptoir/sdk/ui';
import { ITEMS, RECEIPTS, REGISTERS, errorText, type CashRegister, type CashRegisterChange, type Receipt } from '../api.ts';
import { CatalogueGrid } from './CatalogueGrid.tsx';
import { PaymentPad } from './PaymentPad.tsx';
import { EMPTY_BASKET, addArticle, basketKey, changeCents, dueCents, isComplete, lineCents, parseBasket, receiptBody, removePayment, setDiscount, setQuantity, totalCents, type CatalogueArticle } from './basket.ts';
import { NO_ANSWER, flushOutbox, outboxKey, parseOutbox, type PendingSale, type SendResult } from './outbox.ts';
import { WedgeReader, matchesCode } from './scanner.ts';

const euros = (cents: number) => formatMoney(cents / 100);
const statusOf = (e: unknown) => (e && typeof e === 'object' && 'status' in e ? Number((e as { status: unknown }).status) : 0);

/** A value mirrored in localStorage under `key`. */
function useStored<T>(key: string, parse: (text: string | null) => T): [T, (v: T) => void] {
  const [value, setValue] = useState<T>(() => parse(localStorage.getItem(key)));
  const set = useCallback((v: T) => {
    localStorage.setItem(key, JSON.stringify(v));
    setValue(v);
  }, [key]);
  return [value, set];
}

export function SaleScreen() {
  const { id = '' } = useParams();
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const register = useEntity<CashRegister>(REGISTERS, id);
  const [basket, setBasket] = useStored(basketKey(id), parseBasket);
  const [outbox, setOutbox] = useStored<PendingSale[]>(outboxKey(id), parseOutbox);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [paying, setPaying] = useState(false);
  const [change, setChange] = useState<CashRegisterChange | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missingCash, setMissingCash] = useState(false);
  const [last, setLast] = useState<Receipt | null>(null);
  const [sending, setSending] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  const wedge = useRef(new WedgeReader());

  const send = useCallback(async (body: ReturnType<typeof receiptBody>): Promise<SendResult & { receipt?: Receipt }> => {
    try {
      const receipt = await api.post<Receipt>(RECEIPTS, body);
      return { ok: true, receipt };
    } catch (e) {
      return { ok: false, status: statusOf(e), message: errorText(e) };
    }
  }, [api]);

  // the outbox goes out when the connection is back, and every few seconds while sales wait
  // one flush at a time: the online event, the timer and a re-render may all ask at once, and two
  // flushes reading the same outbox would send its sales twice
  const flushing = useRef(false);
  const flush = useCallback(async () => {
    if (flushing.current) return;
    const pending = parseOutbox(localStorage.getItem(outboxKey(id)));
    if (pending.filter((p) => !p.error).length === 0) return;
    flushing.current = true;
    try {
      const { left, sent } = await flushOutbox(pending, send);
      // sales queued while this flush ran are kept after the ones it left
      const queued = parseOutbox(localStorage.getItem(outboxKey(id))).filter((p) => !pending.some((o) => o.id === p.id));
      setOutbox([...left, ...queued]);
      setOnline(left.every((p) => p.error) || sent > 0);
      if (sent > 0) await invalidate(RECEIPTS);
    } finally {
      flushing.current = false;
    }
  }, [id, send, setOutbox, invalidate]);

  useEffect(() => {
    const up = () => { setOnline(true); void flush(); };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const timer = window.setInterval(() => { if (navigator.onLine) void flush(); }, 5000);
    void flush();
    return () => { window.removeEventListener('online', up); window.removeEventListener('offline', down); window.clearInterval(timer); };
  }, [flush]);

  const pick = useCallback((item: CatalogueArticle) => setBasket(addArticle(basket, item)), [basket, setBasket]);

  const scan = useCallback(async (code: string) => {
    try {
      const found = await api.list<CatalogueArticle & { keywords?: string }>(ITEMS, { filters: { keywords: { mode: 'contains', value: code } }, pagination: { quantity: 20 } });
      const item = found.data.find((i) => matchesCode(i.keywords, code));
      if (item) setBasket(addArticle(basket, item));
      else setError(`Aucun article ne porte le code « ${code} ».`);
    } catch (e) {
      setError(errorText(e));
    }
  }, [api, basket, setBasket]);

  async function validate(acceptMissingCash = false) {
    if (!register.data || !isComplete(basket)) return;
    const body = receiptBody(basket, id, register.data.useCashDetails, acceptMissingCash);
    setSending(true);
    setError(null);
    const result = await send(body);
    setSending(false);
    if (result.ok) {
      setLast(result.receipt ?? null);
      finish();
      await invalidate(RECEIPTS);
      await invalidate(REGISTERS);
      return;
    }
    if (result.status === NO_ANSWER) {
      // no answer: the sale is kept and sent later; the till goes on with the next customer
      setOutbox([...outbox, { id: `${Date.now()}`, body, at: new Date().toISOString() }]);
      setOnline(false);
      finish();
      return;
    }
    if (result.status === 409 && change?.missingCash) setMissingCash(true);
    setError(result.message);
  }

  function finish() {
    setBasket(EMPTY_BASKET);
    setPaying(false);
    setChange(null);
    setMissingCash(false);
  }

  // shortcuts and the scanner, wherever the focus is
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const code = wedge.current.push(event.key, event.timeStamp);
      if (code) {
        event.preventDefault();
        void scan(code);
        return;
      }
      const inField = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
      const lastLine = basket.lines.at(-1);
      if (event.key === 'F2') { event.preventDefault(); setPaying(false); setTimeout(() => search.current?.focus()); }
      else if (event.key === 'F8') { event.preventDefault(); if (basket.lines.length) setPaying(true); }
      else if (event.key === 'F9') { event.preventDefault(); void validate(); }
      else if (event.key === 'Escape') setPaying(false);
      else if (!inField && lastLine && event.key === '+') setBasket(setQuantity(basket, lastLine.key, lastLine.quantity + 1));
      else if (!inField && lastLine && event.key === '-') setBasket(setQuantity(basket, lastLine.key, lastLine.quantity - 1));
      else if (!inField && lastLine && event.key === 'Delete') setBasket(setQuantity(basket, lastLine.key, 0));
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (register.isPending) return <Loader />;
  if (register.isError) return <Alert color="red" title="Caisse introuvable">{errorText(register.error)}</Alert>;
  const r = register.data;
  if (r.status !== 'opened') {
    return (
      <Stack>
        <Alert color="orange" title="Caisse fermée">Ouvrez la caisse {r.numberFull} pour vendre.</Alert>
        <Anchor component={Link} to={`../${id}/ouverture`}>Ouvrir la caisse</Anchor>
      </Stack>
    );
  }
  const waiting = outbox.filter((p) => !p.error).length;
  const changeDue = changeCents(basket);

  return (
    <Stack gap="xs" data-testid="pos-sale">
      <Group justify="space-between">
        <Title order={1} size="h2">Vente — caisse {r.numberFull} {r.name}</Title>
        <Group gap="xs">
          <Button variant="default" component={Link} to={`../${id}/tickets`}>Tickets</Button>
          <Button variant="default" component={Link} to="..">Caisses</Button>
        </Group>
      </Group>
      {(!online || waiting > 0) && (
        <Alert color="orange" title="Connexion perdue" data-testid="pos-offline" role="status">
          {waiting > 0
            ? `${waiting} vente${waiting > 1 ? 's' : ''} en attente : elle${waiting > 1 ? 's seront envoyées' : ' sera envoyée'} dès le retour de la connexion. Continuez à vendre, rien n’est perdu.`
            : 'La connexion au serveur est perdue. La vente en cours est conservée sur cet appareil.'}
        </Alert>
      )}
      {outbox.filter((p) => p.error).map((p) => (
        <Alert key={p.id} color="red" title={`Vente du ${new Date(p.at).toLocaleTimeString('fr-FR')} refusée`} withCloseButton closeButtonLabel="Abandonner cette vente" onClose={() => setOutbox(outbox.filter((o) => o.id !== p.id))}>{p.error}</Alert>
      ))}
      {error && <Alert color="red" title="Vente impossible" withCloseButton closeButtonLabel="Fermer" onClose={() => setError(null)} data-testid="pos-error">{error}</Alert>}
      {last && !paying && basket.lines.length === 0 && (
        <Alert color="green" title={`Ticket ${last.numberFull} enregistré`} data-testid="pos-last-receipt">
          Total {formatMoney(last.inclTaxesPrice)}{last.payments.some((p) => (p.cashChange ?? 0) > 0) ? ` — monnaie rendue ${formatMoney(last.payments.reduce((s, p) => s + (p.cashChange ?? 0), 0))}` : ''}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={7}>
          {paying
            ? <PaymentPad basket={basket} onChange={setBasket} registerId={id} byDenomination={r.useCashDetails} onChangePreview={setChange} />
            : <CatalogueGrid ref={search} onPick={pick} />}
        </Grid.Col>
        <Grid.Col span={5}>
          <Stack gap="xs" data-testid="pos-basket">
            <Table>
              <Table.Thead><Table.Tr><Table.Th>Article</Table.Th><Table.Th>Qté</Table.Th><Table.Th>Remise %</Table.Th><Table.Th ta="right">Total</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {basket.lines.map((l) => (
                  <Table.Tr key={l.key} data-testid="pos-basket-line">
                    <Table.Td>{l.label}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-lg" variant="default" aria-label={`Retirer un ${l.label}`} onClick={() => setBasket(setQuantity(basket, l.key, l.quantity - 1))}>−</Button>
                        <Text w={28} ta="center">{l.quantity}</Text>
                        <Button size="compact-lg" variant="default" aria-label={`Ajouter un ${l.label}`} onClick={() => setBasket(setQuantity(basket, l.key, l.quantity + 1))}>+</Button>
                      </Group>
                    </Table.Td>
                    <Table.Td><NumberInput w={70} aria-label={`Remise sur ${l.label}`} min={0} max={100} allowNegative={false} value={l.discount || ''} onChange={(v) => setBasket(setDiscount(basket, l.key, Number(v || 0)))} /></Table.Td>
                    <Table.Td ta="right">{euros(lineCents(l))}</Table.Td>
                  </Table.Tr>
                ))}
                {basket.lines.length === 0 && <Table.Tr><Table.Td colSpan={4}><Text c="dimmed">Touchez un article ou scannez son code.</Text></Table.Td></Table.Tr>}
              </Table.Tbody>
            </Table>
            <Title order={2} ta="right" data-testid="pos-total">Total : {euros(totalCents(basket))}</Title>
            {basket.payments.map((p, i) => (
              <Group key={i} justify="space-between" data-testid="pos-payment">
                <Text>{paymentModeLabel(p.mode)} {euros(p.cents)}</Text>
                <Button size="xs" variant="subtle" onClick={() => setBasket(removePayment(basket, i))}>Retirer</Button>
              </Group>
            ))}
            {changeDue > 0 && <Title order={3} data-testid="pos-change">À rendre : {euros(changeDue)}</Title>}
            {change?.missingCash && (
              <Alert color="orange" title="Monnaie insuffisante" data-testid="pos-missing-cash">
                Le tiroir ne peut pas rendre exactement : il manque {formatMoney(change.missingAmount)}. Demandez l’appoint, ou validez en le notant sur le ticket.
              </Alert>
            )}
            {!paying && <Button size="xl" disabled={basket.lines.length === 0} onClick={() => setPaying(true)}>Encaisser (F8)</Button>}
            {paying && (
              <Group grow>
                <Button size="xl" variant="default" onClick={() => setPaying(false)}>Retour (Échap)</Button>
                <Button size="xl" color="green" loading={sending} disabled={!isComplete(basket)} onClick={() => void validate(missingCash || !!change?.missingCash)}>Valider la vente (F9)</Button>
              </Group>
            )}
            {basket.lines.length > 0 && <Button variant="subtle" color="red" onClick={finish}>Annuler la vente</Button>}
            <Text size="xs" c="dimmed">F2 rechercher · F8 encaisser · F9 valider · + / − quantité · Suppr retirer la ligne · Échap retour</Text>
            {dueCents(basket) > 0 && basket.payments.length > 0 && <Text fw={700}>Reste à payer : {euros(dueCents(basket))}</Text>}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
