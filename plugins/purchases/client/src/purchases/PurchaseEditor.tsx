/**
 * A purchase being typed or corrected: provider, the supplier's number and dates, lines excl. taxes,
 * live totals from the server's engine, VAT recovery, goods for resale. « Enregistrer » stores it
 * (numbered at its first save) and opens its view. A total brought below what was already paid is
 * refused by the server (409 naming `confirmOverpayment`): the editor then offers to confirm the
 * « trop-payé » and sends it again with the confirmation.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { formatMoney, useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { DocumentTotals, LinesEditor, PageHeader, Section, errorMessage, notifySaved, useLiveTotals } from '@comptoir/sdk/ui';
import { recoverableVat } from '@comptoir/sdk/commerce';
import { ApiError } from '@comptoir/sdk/client';
import { COMPUTE, PURCHASES, ROUTES, purchasePath } from '../api.ts';
import { ProviderPicker } from '../common/ProviderPicker.tsx';
import { draftFromPurchase, draftProblem, emptyPurchaseLine, filledLines, lineInput, newPurchaseDraft, purchaseBody, type PurchaseDraft } from './purchaseDraft.ts';
import type { Purchase } from '../common/types.ts';

export function PurchaseEditor({ purchase }: { purchase?: Purchase }) {
  const { api } = useComptoir();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [draft, setDraft] = useState<PurchaseDraft>(() => (purchase ? draftFromPurchase(purchase) : newPurchaseDraft()));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // the server asked to confirm an overpayment the edit makes; the box, once ticked, goes with the next save
  const [overpayment, setOverpayment] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const set = (changes: Partial<PurchaseDraft>) => setDraft({ ...draft, ...changes });
  const computed = useLiveTotals(COMPUTE, {
    items: filledLines(draft.lines).map(lineInput),
    ...(purchase ? { vatCalculationMethod: purchase.vatCalculationMethod, subjectToVAT: purchase.subjectToVAT } : {}),
  });

  async function save() {
    const problem = draftProblem(draft);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const body = purchaseBody(draft, purchase);
      const stored = purchase
        ? await api.put<Purchase>(purchasePath(purchase._id), { ...body, ...(overpayment && confirmed ? { confirmOverpayment: true } : {}) })
        : await api.post<Purchase>(PURCHASES, body);
      await invalidate(PURCHASES);
      notifySaved(purchase ? 'L’achat est enregistré.' : `L’achat ${stored.numberFull ?? ''} est enregistré.`);
      navigate(`${ROUTES.purchases}/${stored._id}`, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.details.some((d) => (d as { field?: string }).field === 'confirmOverpayment')) setOverpayment(true);
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  return (
    <Stack gap="lg" data-testid="purchases-editor">
      <Anchor component={Link} to={purchase ? `${ROUTES.purchases}/${purchase._id}` : ROUTES.purchases} size="sm">← {purchase ? 'Retour à l’achat' : 'Tous les achats'}</Anchor>
      <PageHeader
        title={purchase ? `Modifier l’achat ${purchase.numberFull ?? ''}` : 'Nouvel achat'}
        description="La facture (ou l’avoir) d’un fournisseur, telle qu’il l’a émise : ses lignes hors taxes, sa TVA."
        actions={<Button onClick={() => void save()} loading={busy}>Enregistrer</Button>}
      />
      {error && <Alert color="red" title="Enregistrement impossible" role="alert">{error}</Alert>}
      {overpayment && (
        <Checkbox data-testid="purchases-confirm-overpayment" checked={confirmed} onChange={(e) => setConfirmed(e.currentTarget.checked)}
          label="Confirmer le trop-payé : le nouveau total est inférieur à ce qui a déjà été payé au fournisseur" />
      )}
      <Section title="Fournisseur et facture">
        <Group align="flex-end" gap="md" wrap="wrap">
          <ProviderPicker value={draft.providerId} onChange={(providerId) => set({ providerId })} required />
          <TextInput label="N° de facture du fournisseur" value={draft.invoiceNumber} w={200} onChange={(e) => set({ invoiceNumber: e.currentTarget.value })} />
          <DateInput label="Date de la facture" valueFormat="DD/MM/YYYY" value={draft.date} w={160} onChange={(d) => d && set({ date: d })} />
          <DateInput label="Échéance" valueFormat="DD/MM/YYYY" value={draft.dueDate} clearable w={160} onChange={(d) => set({ dueDate: d })} />
          <TextInput label="Bon de commande" value={draft.commandOrder} w={160} onChange={(e) => set({ commandOrder: e.currentTarget.value })} />
        </Group>
      </Section>
      <Section title="Lignes">
        {/* typed excl. taxes to the ten-thousandth, as suppliers' invoices give them: no description, no TTC price */}
        <LinesEditor lines={draft.lines} onChange={(lines) => set({ lines })} label="Lignes de l’achat" description={false} inclTaxes={false}
          priceDecimals={4} newLine={emptyPurchaseLine} testIdPrefix="purchases" />
        <DocumentTotals totals={computed.data} pending={computed.isFetching} testIdPrefix="purchases"
          extra={computed.data && <Text size="sm" c="dimmed">dont TVA déductible : {formatMoney(recoverableVat(computed.data.vatAmount, draft.vatRecoveryPercent) ?? 0)}</Text>} />
        {computed.isError && <Text c="red" size="sm" role="alert">Les totaux n’ont pas pu être calculés : {errorMessage(computed.error)}</Text>}
      </Section>
      <Section title="Comptabilité">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <NumberInput label="TVA récupérable" description="Part de la TVA que l’entreprise déduit (100 % en général)." suffix=" %" min={0} max={100}
            decimalSeparator="," decimalScale={2} value={draft.vatRecoveryPercent} onChange={(v) => set({ vatRecoveryPercent: v })} />
          <Switch mt="lg" label="Marchandises destinées à la revente" checked={draft.forResale} onChange={(e) => set({ forResale: e.currentTarget.checked })} />
        </SimpleGrid>
        <Textarea label="Commentaire" autosize minRows={2} value={draft.comment} onChange={(e) => set({ comment: e.currentTarget.value })} />
      </Section>
    </Stack>
  );
}
