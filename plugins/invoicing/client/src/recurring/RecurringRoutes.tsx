/** The routes under `/factures-recurrentes`: the three tabs, a new template, one template. */
import { Link, Route, Routes, useParams } from 'react-router';
import { Button, Tabs, Text } from '@mantine/core';
import { useComptoir, useEntity } from '@comptoir/sdk/react';
import { PageHeader, QueryFailed } from '@comptoir/sdk/ui';
import { TEMPLATES, TEMPLATE_PERMISSIONS, type InvoiceTemplate } from './api.ts';
import { TemplatesList } from './TemplatesList.tsx';
import { UpcomingRuns } from './UpcomingRuns.tsx';
import { RunHistory } from './RunHistory.tsx';
import { TemplateEditor } from './TemplateEditor.tsx';

function RecurringScreen() {
  const { can } = useComptoir();
  return (
    <div data-testid="invoicing-recurring">
      <PageHeader
        title="Factures récurrentes"
        description="Modèles de factures faites automatiquement (abonnements, loyers, contrats), leurs prochaines exécutions et leur historique."
        actions={can(TEMPLATE_PERMISSIONS.manage) && <Button component={Link} to="nouveau">Nouveau modèle</Button>}
      />
      <Tabs defaultValue="templates" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="templates">Modèles</Tabs.Tab>
          <Tabs.Tab value="upcoming">Prochaines exécutions</Tabs.Tab>
          <Tabs.Tab value="history">Historique</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="templates"><TemplatesList /></Tabs.Panel>
        <Tabs.Panel value="upcoming"><UpcomingRuns /></Tabs.Panel>
        <Tabs.Panel value="history"><RunHistory /></Tabs.Panel>
      </Tabs>
    </div>
  );
}

function TemplateScreen() {
  const { id } = useParams();
  const template = useEntity<InvoiceTemplate>(TEMPLATES, id ?? null);
  if (template.isError) return <QueryFailed error={template.error} onRetry={() => void template.refetch()} />;
  if (!template.data) return <Text c="dimmed">Chargement du modèle…</Text>;
  // a new editor per template and per stored version
  return <TemplateEditor key={`${template.data._id}-${template.data.metadata.lastModificationDate}`} template={template.data} />;
}

export function RecurringRoutes() {
  return (
    <Routes>
      <Route index element={<RecurringScreen />} />
      <Route path="nouveau" element={<TemplateEditor />} />
      <Route path=":id" element={<TemplateScreen />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
