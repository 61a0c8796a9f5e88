/** One widget of the home page, drawn by the shell from the data its plugin sent. */
import { lazy, Suspense } from 'react';
import { Alert, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { DashboardWidgetView } from '@comptoir/sdk/client';
import { Figure } from './Figure.tsx';

// its own chunk, with chart.js: fetched only when a widget has a chart
const Chart = lazy(() => import('./Chart.tsx'));

export function WidgetCard({ widget }: { widget: DashboardWidgetView }) {
  const headingId = `bloc-${widget.id.replace(/[^a-z0-9-]/gi, '-')}`;
  const c = widget.content;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId} h="100%" data-testid="home-widget">
      <Title order={2} size="h4" id={headingId} mb="sm">{widget.title}</Title>
      {widget.error && <Alert color="red" variant="light">{widget.error}</Alert>}
      {c?.empty && (
        <Stack gap="sm" align="flex-start">
          <Text c="dimmed">{c.empty.message}</Text>
          {c.empty.action && <Button component={Link} to={c.empty.action.link} variant="light">{c.empty.action.label}</Button>}
        </Stack>
      )}
      {c?.figures && c.figures.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: Math.min(c.figures.length, 2) }} spacing="lg">
          {c.figures.map((f) => <Figure key={f.label} figure={f} />)}
        </SimpleGrid>
      )}
      {c?.chart && (
        <Suspense fallback={<Text size="sm" c="dimmed" mt="md">Chargement du graphique…</Text>}>
          <Chart chart={c.chart} />
        </Suspense>
      )}
    </Card>
  );
}
