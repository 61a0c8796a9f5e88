/** A titled block of a settings form. */
import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

export function Section({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">{title}</Title>
          {description && <Text size="sm" c="dimmed">{description}</Text>}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
