/** One website: its domain, template, variant and SEO, then its menus and their items. */
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Checkbox, Group, Loader, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useComptoir, useEntity, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { MANAGE, TEMPLATES, VARIANTS, WEBSITES, errorText, type Template, type TemplateVariant, type Website } from '../api.ts';
import { MenusPanel } from './MenusPanel.tsx';

export function WebsiteScreen() {
  const { id } = useParams();
  const site = useEntity<Website>(WEBSITES, id);
  if (site.isPending) return <Loader />;
  if (site.isError || !site.data) return <Alert color="red" title="Site introuvable">{errorText(site.error)}</Alert>;
  // the form starts from the stored site; a new site (another id) is a new form — its own save
  // (which changes the stored date) keeps the form and its « Site enregistré. »
  return <WebsiteForm key={site.data._id} site={site.data} />;
}

function WebsiteForm({ site }: { site: Website }) {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const templates = useQuery({ queryKey: ['websites', 'templates'], queryFn: () => api.get<Template[]>(TEMPLATES) });
  const variants = useList<TemplateVariant>(VARIANTS, { pagination: { quantity: 100 } });
  const [form, setForm] = useState({
    name: site.name, domain: site.domain, enabled: site.enabled, template: site.fk.template ?? '', variant: site.fk.variant ?? '',
    title: site.seo?.title ?? '', description: site.seo?.description ?? '', autoRobots: site.autoRobots, robots: site.robots ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const set = (patch: Partial<typeof form>) => { setSaved(false); setForm({ ...form, ...patch }); };
  const chosen = templates.data?.find((t) => t._id === form.template);

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await api.put(`${WEBSITES}/${site._id}`, {
        name: form.name, domain: form.domain, enabled: form.enabled, autoRobots: form.autoRobots,
        ...(form.autoRobots ? {} : { robots: form.robots }),
        seo: { title: form.title || undefined, description: form.description || undefined },
        fk: { template: form.template || undefined, variant: form.variant || undefined },
      });
      await invalidate(WEBSITES);
      setSaved(true);
    } catch (e) {
      setError(errorText(e));
    }
  }

  const readOnly = !can(MANAGE);
  return (
    <Stack data-testid="website-form">
      <PageHeader title={site.name} />
      <form onSubmit={save}>
        <Stack maw={640}>
          {error && <Alert color="red" title="Enregistrement impossible">{error}</Alert>}
          {saved && <Alert color="green">Site enregistré.</Alert>}
          <TextInput label="Nom" required value={form.name} readOnly={readOnly} onChange={(e) => set({ name: e.currentTarget.value })} />
          <TextInput label="Domaine" required value={form.domain} readOnly={readOnly} onChange={(e) => set({ domain: e.currentTarget.value })} />
          <Checkbox label="En ligne" checked={form.enabled} disabled={readOnly} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
          <Select label="Modèle" placeholder="Classique" clearable value={form.template || null} disabled={readOnly}
            data={(templates.data ?? []).map((t) => ({ value: t._id, label: t.name }))} onChange={(v) => set({ template: v ?? '', variant: '' })} />
          <Select label="Variante" clearable value={form.variant || null} disabled={readOnly}
            data={(variants.data?.data ?? []).filter((v) => v.templateIdentifier === (chosen?.identifier ?? 'classique')).map((v) => ({ value: v._id, label: v.name }))}
            onChange={(v) => set({ variant: v ?? '' })} />
          <Title order={4}>Référencement</Title>
          <TextInput label="Titre des pages" value={form.title} readOnly={readOnly} onChange={(e) => set({ title: e.currentTarget.value })} />
          <Textarea label="Description" autosize minRows={2} value={form.description} readOnly={readOnly} onChange={(e) => set({ description: e.currentTarget.value })} />
          <Checkbox label="robots.txt automatique" checked={form.autoRobots} disabled={readOnly} onChange={(e) => set({ autoRobots: e.currentTarget.checked })} />
          {!form.autoRobots && <Textarea label="robots.txt" autosize minRows={3} value={form.robots} readOnly={readOnly} onChange={(e) => set({ robots: e.currentTarget.value })} />}
          {!readOnly && <Group><Button type="submit">Enregistrer</Button></Group>}
        </Stack>
      </form>
      <MenusPanel websiteId={site._id} />
    </Stack>
  );
}
