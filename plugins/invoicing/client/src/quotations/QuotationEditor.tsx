/**
 * A quotation: customer, lines, live totals, expiry date and status. It is numbered when first
 * saved. « Convertir en facture » saves what changed, asks the server for the draft invoice and
 * opens it under /factures.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Group, Select, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { formatDate, useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { ConfirmDialog, PageHeader, StatusBadges, errorMessage, fieldErrorMap, notifySaved, revealErrorsSoon } from '@comptoir/sdk/ui';
import { PdfPreviewButton } from '../common/PdfPreview.tsx';
import { SendButton } from '../common/SendDialog.tsx';
import { DocumentHistory } from '../common/DocumentHistory.tsx';
import { INVOICES, PERMISSIONS, QUOTATIONS, ROUTES, quotationPath } from '../api.ts';
import { addDays, dayOf, endOfDay, today } from '../common/days.ts';
import { DocumentFields } from '../common/DocumentFields.tsx';
import { documentBody, draftFromDocument, draftProblem, newDraft, type DocumentDraft } from '../common/documentDraft.ts';
import { QuotationInvoiceLink } from './QuotationInvoiceLink.tsx';
import { EXPIRED_CHIP, QUOTATION_STATUS_OPTIONS, QUOTATION_STATUS_STYLES, isExpired } from './quotationStatus.ts';
import type { Invoice, Quotation, QuotationStatus } from '../types.ts';

interface QuotationDraft extends DocumentDraft {
  expirationDay: string;
  status: QuotationStatus;
}

function initial(q: Quotation | undefined): QuotationDraft {
  if (!q) return { ...newDraft(), expirationDay: addDays(today(), 14), status: 'emitted' };
  return { ...draftFromDocument(q), expirationDay: dayOf(q.expirationDate) ?? addDays(today(), 14), status: q.status ?? 'emitted' };
}

export function QuotationEditor({ quotation }: { quotation?: Quotation }) {
  const { api, can } = useComptoir();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [draft, setDraft] = useState<QuotationDraft>(() => initial(quotation));
  const [saved, setSaved] = useState(() => JSON.stringify(draft));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [converting, setConverting] = useState(false);
  const dirty = JSON.stringify(draft) !== saved;
  const invoiced = quotation?.status === 'invoiced';
  const manage = can(PERMISSIONS.quotationsManage) && !invoiced;

  async function store(): Promise<Quotation> {
    const problem = draftProblem(draft);
    if (problem) throw new Error(problem);
    const body = { ...documentBody(draft, quotation), expirationDate: endOfDay(draft.expirationDay), ...(quotation ? { status: draft.status } : {}) };
    const stored = quotation ? await api.put<Quotation>(quotationPath(quotation._id), body) : await api.post<Quotation>(QUOTATIONS, body);
    setSaved(JSON.stringify(draft));
    await invalidate(QUOTATIONS);
    return stored;
  }

  async function save() {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const stored = await store();
      notifySaved(`Le devis ${stored.numberFull ?? ''} est enregistré.`);
      if (!quotation) navigate(`${ROUTES.quotations}/${stored._id}`, { replace: true });
    } catch (e) {
      setError(errorMessage(e));
      setFieldErrors(fieldErrorMap(e));
      revealErrorsSoon(document);
    } finally {
      setBusy(false);
    }
  }

  async function convert() {
    const target = dirty ? await store() : quotation!;
    const invoice = await api.post<Invoice>(quotationPath(target._id, 'invoice'));
    await Promise.all([invalidate(QUOTATIONS), invalidate(INVOICES)]);
    notifySaved('La facture est créée en brouillon à partir du devis.');
    navigate(`${ROUTES.invoices}/${invoice._id}`);
  }

  const set = (patch: Partial<QuotationDraft>) => setDraft({ ...draft, ...patch });
  return (
    <Stack gap="lg" data-testid="invoicing-quotation-editor">
      <Anchor component={Link} to={ROUTES.quotations} size="sm">← Tous les devis</Anchor>
      <PageHeader
        title={quotation ? `Devis ${quotation.numberFull ?? ''}` : 'Nouveau devis'}
        description={quotation ? `du ${formatDate(quotation.date, { dateStyle: 'long' })}` : 'Le devis reçoit son numéro à son premier enregistrement.'}
        actions={(
          <>
            {quotation && <PdfPreviewButton path={quotationPath(quotation._id, 'pdf')} unsaved={dirty} disabled={busy} />}
            {quotation && manage && (
              <SendButton
                path={quotationPath(quotation._id, 'send')} what="le devis"
                receiversHint="aux contacts du client destinataires des devis, à défaut à l’adresse e-mail du client"
              />
            )}
            {manage && <Button variant="default" onClick={() => void save()} loading={busy} disabled={quotation !== undefined && !dirty}>Enregistrer</Button>}
            {manage && quotation && can(PERMISSIONS.invoicesManage) && (
              <Button onClick={() => setConverting(true)} disabled={busy}>Convertir en facture</Button>
            )}
          </>
        )}
      />
      {quotation && <StatusBadges status={quotation.status ?? 'emitted'} styles={QUOTATION_STATUS_STYLES} flags={[isExpired(quotation) && EXPIRED_CHIP]} testId="invoicing-quotation-status" />}
      {invoiced && quotation && <QuotationInvoiceLink quotationId={quotation._id} />}
      {error && <Alert color="red" title="Enregistrement impossible" role="alert">{error}</Alert>}
      <DocumentFields
        draft={draft} onChange={(d) => { setDraft({ ...draft, ...d }); setFieldErrors({}); }} dateLabel="Date du devis" errors={fieldErrors}
        extraDates={
          <Group gap="md" align="flex-end">
            <DateInput label="Valable jusqu’au" valueFormat="DD/MM/YYYY" value={draft.expirationDay} w={160}
              onChange={(d) => d && set({ expirationDay: d })} />
            {quotation && (
              <Select label="Statut" data={invoiced ? QUOTATION_STATUS_OPTIONS : QUOTATION_STATUS_OPTIONS.filter((o) => o.value !== 'invoiced')}
                value={draft.status} allowDeselect={false} w={160} disabled={invoiced}
                onChange={(s) => s && set({ status: s as QuotationStatus })} />
            )}
          </Group>
        }
      />
      <ConfirmDialog opened={converting} title="Convertir en facture" confirmLabel="Créer la facture" onConfirm={convert} onClose={() => setConverting(false)}>
        {`Une facture en brouillon est créée avec les lignes de ce devis, qui passe au statut « Facturé ».${dirty ? ' Vos modifications seront enregistrées d’abord.' : ''}`}
      </ConfirmDialog>
      {quotation && <DocumentHistory objectId={quotation._id} />}
    </Stack>
  );
}
