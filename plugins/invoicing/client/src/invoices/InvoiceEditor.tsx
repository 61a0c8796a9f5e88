/**
 * A draft invoice (no number yet): customer, lines, live totals, texts. « Enregistrer » stores the
 * draft (POST, then PUT), « Supprimer le brouillon » deletes it, « Émettre » saves what changed
 * and emits it after a confirmation — on an invoice never saved, in one request (POST
 * /invoices/emit) that stores nothing when refused — and the server's refusal (409: what the
 * company still lacks) stays on screen in the dialog.
 *
 * A credit note draft — made from an invoice (« Créer un avoir »), or alone from « Nouvel avoir »
 * (`creditNote`) — carries its reason (« Motif de l’avoir », required) and negative quantities; an
 * invoice's total may not be negative (the server says so in French, issue 11).
 */
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Stack, Text, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { ConfirmDialog, PageHeader, RecordLinks, errorMessage, fieldErrorMap, notifySaved, revealErrorsSoon } from '@comptoir/sdk/ui';
import { INVOICES, PAYMENTS, ROUTES, invoicePath } from '../api.ts';
import { DocumentFields } from '../common/DocumentFields.tsx';
import { PdfPreviewButton } from '../common/PdfPreview.tsx';
import { documentBody, draftFromDocument, draftProblem, newDraft, type DocumentDraft } from '../common/documentDraft.ts';
import { creditNoteDraft, emittedMessage, isCreditNoteDraft } from './creditNotes.ts';
import { InvoiceReplacement } from './InvoiceReplacement.tsx';
import type { Invoice } from '../types.ts';

/** A day typed as on paper, « 30/03/2026 » (or « 30/3/26 »), as the input's 'YYYY-MM-DD'; null when it is none. */
export function frenchDay(typed: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\s*$/.exec(typed);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3].length === 2 ? `20${m[3]}` : m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function titleOf(invoice: Invoice | undefined, credit: boolean): string {
  if (!invoice) return credit ? 'Nouvel avoir' : 'Nouvelle facture';
  if (credit || invoice.inclTaxesPrice < 0) return 'Brouillon d’avoir';
  return invoice.headerTitle ? `Brouillon — ${invoice.headerTitle}` : 'Brouillon de facture';
}

export function InvoiceEditor({ invoice, creditNote = false }: { invoice?: Invoice; creditNote?: boolean }) {
  const { api } = useComptoir();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const credit = invoice ? isCreditNoteDraft(invoice) : creditNote;
  const [draft, setDraft] = useState<DocumentDraft>(() => (invoice ? draftFromDocument(invoice) : credit ? creditNoteDraft(newDraft()) : newDraft()));
  const [reason, setReason] = useState(invoice?.creditReason ?? '');
  // the day of the delivery or of the service, when it is not the invoice's date (README « Document rules », The operation)
  const [deliveryDay, setDeliveryDay] = useState<string | null>(invoice?.deliveryDate ?? null);
  const [saved, setSaved] = useState(() => JSON.stringify([draft, reason, deliveryDay]));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // the server's refusal put next to each input (a line's designation too long…)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [dialog, setDialog] = useState<'emit' | 'delete' | null>(null);
  // a new invoice stored by « Enregistrer » (or emitted by « Émettre »): later saves update it
  const created = useRef<Invoice | null>(null);
  const dirty = JSON.stringify([draft, reason, deliveryDay]) !== saved;
  const problemOf = () => draftProblem(draft) ?? (credit && !reason.trim() ? 'Indiquez le motif de l’avoir.' : null);

  /** What the screen holds, as POST /invoices (and PUT, POST /invoices/emit) take it. */
  function bodyOf(existing: Invoice | null) {
    const problem = problemOf();
    if (problem) throw new Error(problem);
    return {
      ...documentBody(draft, existing ?? undefined),
      ...(credit ? { creditReason: reason.trim() } : {}),
      // null removes a stored one; a new invoice without one says nothing
      ...(deliveryDay || existing ? { deliveryDate: deliveryDay || null } : {}),
    };
  }

  async function store(): Promise<Invoice> {
    const existing = invoice ?? created.current;
    const body = bodyOf(existing);
    const stored = existing ? await api.put<Invoice>(invoicePath(existing._id), body) : await api.post<Invoice>(INVOICES, body);
    if (!invoice) created.current = stored;
    setSaved(JSON.stringify([draft, reason, deliveryDay]));
    return stored;
  }

  function closeDialog() {
    setDialog(null);
    // the new invoice exists now: show it at its own address
    if (!invoice && created.current) navigate(`${ROUTES.invoices}/${created.current._id}`, { replace: true });
  }

  async function save() {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const stored = await store();
      await invalidate(INVOICES);
      notifySaved('Le brouillon est enregistré.');
      if (!invoice) navigate(`${ROUTES.invoices}/${stored._id}`, { replace: true });
    } catch (e) {
      setError(errorMessage(e));
      setFieldErrors(fieldErrorMap(e));
      revealErrorsSoon(document);
    } finally {
      setBusy(false);
    }
  }

  async function emit() {
    const existing = invoice ?? created.current;
    let emitted: Invoice;
    if (existing) {
      const target = invoice && !dirty ? invoice : await store();
      emitted = await api.post<Invoice>(invoicePath(target._id, 'emit'));
    } else {
      // never saved: created and emitted in one request; refused, nothing is stored (the screen keeps it)
      emitted = await api.post<Invoice>(`${INVOICES}/emit`, bodyOf(null));
      created.current = emitted;
    }
    await invalidate(INVOICES);
    // a credit note or a corrective settles its source at emission: its payments change too
    if (emitted.fk.sourceInvoice) await invalidate(PAYMENTS);
    notifySaved(emittedMessage(emitted));
  }

  async function remove() {
    await api.delete(invoicePath(invoice!._id));
    await invalidate(INVOICES);
    notifySaved('Le brouillon est supprimé.');
    navigate(ROUTES.invoices);
  }

  return (
    <Stack gap="lg" data-testid="invoicing-invoice-editor">
      <Anchor component={Link} to={ROUTES.invoices} size="sm">← Toutes les factures</Anchor>
      <PageHeader
        title={titleOf(invoice, credit)}
        description="Un brouillon n’a pas encore de numéro : il reste modifiable jusqu’à son émission."
        actions={
          <>
            {invoice && <Button variant="subtle" color="red" onClick={() => setDialog('delete')} disabled={busy}>Supprimer le brouillon</Button>}
            {invoice && <PdfPreviewButton path={invoicePath(invoice._id, 'pdf')} unsaved={dirty} disabled={busy} />}
            <Button variant="default" onClick={() => void save()} loading={busy} disabled={invoice !== undefined && !dirty}>Enregistrer</Button>
            <Button onClick={() => { setError(problemOf()); if (!problemOf()) setDialog('emit'); }} disabled={busy}>Émettre</Button>
          </>
        }
      />
      {invoice?.headerMessage && <Alert color="blue" title={invoice.headerTitle} data-testid="invoicing-header-message">{invoice.headerMessage}</Alert>}
      {invoice && <InvoiceReplacement invoice={invoice} />}
      {error && <Alert color="red" title="Enregistrement impossible" role="alert">{error}</Alert>}
      {credit && (
        <Textarea label="Motif de l’avoir" required autosize minRows={1} value={reason} data-testid="invoicing-credit-reason"
          description={invoice?.fk.sourceInvoice
            ? 'Imprimé sur l’avoir. Ses lignes reprennent celles de la facture, en quantités négatives ; son client est celui de la facture, et il ne peut pas créditer plus que ce qui reste à créditer sur elle.'
            : 'Imprimé sur l’avoir (par exemple : geste commercial, retour de marchandise). Saisissez les lignes en quantités négatives.'}
          onChange={(e) => setReason(e.currentTarget.value)} />
      )}
      <DocumentFields draft={draft} onChange={(d) => { setDraft(d); setFieldErrors({}); }} dateLabel={credit ? 'Date de l’avoir' : 'Date de facture'}
        customerLocked={credit && !!invoice?.fk.sourceInvoice} errors={fieldErrors}
        extraDates={
          <DateInput label="Livraison / exécution" placeholder="Date de facture" valueFormat="DD/MM/YYYY" value={deliveryDay} w={190} clearable dateParser={frenchDay}
            error={fieldErrors.deliveryDate} data-testid="invoicing-delivery-date"
            onChange={(d) => { setDeliveryDay(d || null); setFieldErrors({}); }} />
        } />
      {invoice && <RecordLinks target="invoicing.invoices" id={invoice._id} />}
      <ConfirmDialog opened={dialog === 'emit'} title={credit ? 'Émettre l’avoir' : 'Émettre la facture'} confirmLabel="Émettre" onConfirm={emit} onClose={closeDialog}>
        <Text size="sm">
          {credit ? 'L’avoir reçoit' : 'La facture reçoit'} son numéro définitif et ne pourra plus être modifié{credit ? '' : 'e'} ni supprimé{credit ? '' : 'e'} : une erreur se corrigera par un
          avoir ou une facture corrective.{invoice && dirty ? ' Vos modifications seront enregistrées avant l’émission.' : ''}
        </Text>
      </ConfirmDialog>
      <ConfirmDialog opened={dialog === 'delete'} title="Supprimer le brouillon" confirmLabel="Supprimer" onConfirm={remove} onClose={() => setDialog(null)}>
        Ce brouillon n’a pas de numéro : il sera supprimé définitivement.
      </ConfirmDialog>
    </Stack>
  );
}
