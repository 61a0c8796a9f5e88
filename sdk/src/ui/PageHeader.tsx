/**
 * Title of a screen, its one-line explanation and its main actions. The title is the screen's
 * <h1> and its document title (« Nouvelle facture — Factures — Comptoir », `usePageTitle`).
 */
import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';
import { usePageTitle } from '@comptoir/sdk/react';

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  usePageTitle(title);
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" gap="sm">
      <div>
        <Title order={1} size="h2">{title}</Title>
        {description && <Text c="dimmed" size="sm">{description}</Text>}
      </div>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
