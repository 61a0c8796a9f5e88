/**
 * A recurring invoice template: its name and options, the lines of its invoices (the invoice
 * editor's line editor and live totals; INVOICE_MONTH / INVOICE_YEAR in a label become the month
 * and year of each invoice), who it invoices, its rules, and the texts of its invoices.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { ConfirmDialog, PageHeader, Section, errorMessage, notifySaved, toLineInput, useLiveTotals } from '@comptoir/sdk/ui';
import { COMPUTE } from '../api.ts';
import { SaleLinesEditor } from '../lines/SaleLinesEditor.tsx';
import { TotalsPanel } from '../common/TotalsPanel.tsx';
import { filledLines } from '../common/documentDraft.ts';
import { RECURRING_ROUTE, RUNS, TEMPLATES, TEMPLATE_PERMISSIONS, templatePath, type InvoiceTemplate, type TemplateRun } from './api.ts';
import { draftFromTemplate, newRule, newTemplateDraft, templateBody, templateProblem, type TemplateDraft } from './templateDraft.ts';
import { RuleEditor } from './RuleEditor.tsx';
import { runMessage } from './runText.ts';
import { CustomersPicker, GroupsPicker } from './TargetPickers.tsx';

export function TemplateEditor({ template }: { template?: InvoiceTemplate }) {
  const { api, can } = useComptoir();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [draft, setDraft] = useState<TemplateDraft>(() => (template ? draftFromTemplate(template) : newTemplateDraft()));
  const [saved, setSaved] = useState(() => JSON.stringify(draft));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [running, setRunning] = useState<string | null>(null);
  // its customers are many: the categories shown are a French customer's, each invoice gets its own
  const computed = useLiveTotals(COMPUTE, { items: filledLines(draft.lines).map(toLineInput), fk: { receiverCustomer: null } });
  const dirty = JSON.stringify(draft) !== saved;
  const manage = can(TEMPLATE_PERMISSIONS.manage);
  const set = (changes: Partial<TemplateDraft>) => setDraft({ ...draft, ...changes });

  async function save() {
    const problem = templateProblem(draft);
    if (problem) { setError(problem); return; }
    setBusy(true);
    setError(null);
    try {
      const body = templateBody(draft);
      const stored = template ? await api.put<InvoiceTemplate>(templatePath(template._id), body) : await api.post<InvoiceTemplate>(TEMPLATES, body);
      await invalidate(TEMPLATES);
      const next = draftFromTemplate(stored);
      setDraft(next);
      setSaved(JSON.stringify(next));
      notifySaved('Le modèle est enregistré.');
      if (!template) navigate(`${RECURRING_ROUTE}/${stored._id}`, { replace: true });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function run() {
    const run = await api.post<TemplateRun>(templatePath(template!._id, 'run'), { identifier: running });
    await invalidate(RUNS);
    await invalidate('/invoicing/invoices');
    notifySaved(runMessage(run));
  }

  async function remove() {
    await api.delete(templatePath(template!._id));
    await invalidate(TEMPLATES);
    notifySaved('Le modèle est supprimé.');
    navigate(RECURRING_ROUTE);
  }

  return (
    <Stack gap="lg" data-testid="recurring-template-editor">
      <Anchor component={Link} to={RECURRING_ROUTE} size="sm">← Toutes les factures récurrentes</Anchor>
      <PageHeader
        title={template ? `Modèle « ${template.name} »` : 'Nouveau modèle de facture récurrente'}
        description="Les règles disent quand les factures sont faites ; chaque exécution fait une facture par client visé."
        actions={manage && (
          <>
            {template && <Button variant="subtle" color="red" onClick={() => setRemoving(true)} disabled={busy}>Supprimer</Button>}
            <Button onClick={() => void save()} loading={busy} disabled={template !== undefined && !dirty}>Enregistrer</Button>
          </>
        )}
      />
      {error && <Alert color="red" title="Enregistrement impossible" role="alert">{error}</Alert>}
      <Section title="Modèle">
        <Stack gap="sm">
          <TextInput label="Nom" required w={{ base: '100%', sm: 420 }} value={draft.name} onChange={(e) => set({ name: e.currentTarget.value })} />
          <Switch label="Enregistrer en brouillon" description="Décoché : chaque facture est émise aussitôt (numéro définitif)"
            checked={draft.saveAsDraft} onChange={(e) => set({ saveAsDraft: e.currentTarget.checked })} />
          <Switch label="Envoyer par e-mail" description="Les factures émises partent aux contacts destinataires des factures du client"
            checked={draft.autoSendByEmail} onChange={(e) => set({ autoSendByEmail: e.currentTarget.checked })} />
          <Switch label="Reprendre la dernière facture du client" description="Chaque client reçoit une copie de sa dernière facture de ce modèle (les lignes ci-dessous pour la première)"
            checked={draft.useLastInvoiceAsTemplate} onChange={(e) => set({ useLastInvoiceAsTemplate: e.currentTarget.checked })} />
        </Stack>
      </Section>
      <Section title="Lignes">
        <Text size="sm" c="dimmed" mb="xs">« INVOICE_MONTH » et « INVOICE_YEAR » dans une désignation deviennent le mois (en lettres) et l’année de chaque facture.</Text>
        <SaleLinesEditor lines={draft.lines} onChange={(lines) => set({ lines })} computed={computed.data} />
        <TotalsPanel totals={computed.data} pending={computed.isFetching} />
      </Section>
      <Section title="Clients visés">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <CustomersPicker label="Clients" value={draft.customers} onChange={(customers) => set({ customers })} testId="recurring-customers" />
          <GroupsPicker label="Groupes de clients" description="Chaque groupe avec ses sous-groupes" value={draft.customerGroups}
            onChange={(customerGroups) => set({ customerGroups })} testId="recurring-groups" />
        </SimpleGrid>
      </Section>
      <Section title="Règles">
        <Stack gap="sm">
          {draft.rules.map((rule, i) => (
            <RuleEditor key={rule.key} rule={rule}
              onChange={(r) => set({ rules: draft.rules.map((x, j) => (j === i ? r : x)) })}
              onRemove={() => set({ rules: draft.rules.filter((_, j) => j !== i) })}
              onRun={template && manage && !dirty && template.cronRules.some((r) => r.identifier === rule.identifier) ? () => setRunning(rule.identifier) : undefined} />
          ))}
          {draft.rules.length === 0 && <Text size="sm" c="dimmed">Aucune règle : le modèle ne fait aucune facture.</Text>}
          <Group><Button variant="light" onClick={() => set({ rules: [...draft.rules, newRule(draft.rules.length)] })}>Ajouter une règle</Button></Group>
        </Stack>
      </Section>
      <Section title="Textes">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Textarea label="Commentaire" autosize minRows={2} value={draft.comment} onChange={(e) => set({ comment: e.currentTarget.value })} />
          <Textarea label="Mentions libres" description="Imprimées en bas des factures" autosize minRows={2} value={draft.freeData}
            onChange={(e) => set({ freeData: e.currentTarget.value })} />
        </SimpleGrid>
      </Section>
      <ConfirmDialog opened={running !== null} title="Lancer maintenant" confirmLabel="Lancer" onConfirm={run} onClose={() => setRunning(null)}>
        La règle « {running} » fait maintenant les factures de sa dernière date passée : une par client visé{draft.saveAsDraft ? ' (en brouillon)' : ', émise aussitôt'}.
        Une date déjà faite (par le planificateur ou un clic précédent) ne l’est pas deux fois : son exécution est rappelée.
      </ConfirmDialog>
      <ConfirmDialog opened={removing} title="Supprimer le modèle" confirmLabel="Supprimer" onConfirm={remove} onClose={() => setRemoving(false)}>
        Le modèle ne fera plus de factures. Celles qu’il a faites et l’historique de ses exécutions restent.
      </ConfirmDialog>
    </Stack>
  );
}
