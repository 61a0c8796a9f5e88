/**
 * Home: a greeting with the company's name, the first-run checklist while steps remain, and the
 * widgets the plugins contribute (GET /api/kernel/dashboard: data only, drawn here alike).
 */
import { Grid, Stack, Text, Title } from '@mantine/core';
import { formatDate, useComptoir } from '@comptoir/sdk/react';
import { QueryFailed } from '@comptoir/sdk/ui';
import type { DashboardWidgetView } from '@comptoir/sdk/client';
import { FirstSteps } from './FirstSteps.tsx';
import { WidgetCard } from './WidgetCard.tsx';
import { useDashboard } from './useDashboard.ts';

const SPAN: Record<DashboardWidgetView['size'], { base: number; md: number; lg: number }> = {
  small: { base: 12, md: 6, lg: 4 },
  medium: { base: 12, md: 6, lg: 6 },
  large: { base: 12, md: 12, lg: 8 },
};

export default function HomeScreen() {
  const { user, company } = useComptoir();
  const dashboard = useDashboard();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">Bonjour{user?.firstname ? ` ${user.firstname}` : ''} !</Title>
        <Text c="dimmed">
          {company ? `${company.name} — ` : ''}nous sommes le {formatDate(new Date(), { dateStyle: 'full' })}.
        </Text>
      </div>
      {!company && <Text c="dimmed">Choisissez une entreprise pour voir son tableau de bord.</Text>}
      {dashboard.isError && <QueryFailed error={dashboard.error} onRetry={() => void dashboard.refetch()} />}
      {dashboard.isPending && company && <Text c="dimmed">Chargement du tableau de bord…</Text>}
      {dashboard.data && (
        <>
          <FirstSteps steps={dashboard.data.firstSteps} />
          {dashboard.data.widgets.length > 0 ? (
            <Grid>
              {dashboard.data.widgets.map((w) => (
                <Grid.Col key={w.id} span={SPAN[w.size]}><WidgetCard widget={w} /></Grid.Col>
              ))}
            </Grid>
          ) : (
            <Text c="dimmed">Rien à afficher pour l’instant : les modules de l’entreprise ajouteront leurs chiffres ici.</Text>
          )}
        </>
      )}
    </Stack>
  );
}
