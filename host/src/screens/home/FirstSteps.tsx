/** The first-run checklist of a new company: shown while steps remain, each step a link. */
import { Anchor, Card, Group, List, Progress, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { DashboardView } from '@comptoir/sdk/client';
import { progressText } from './format.ts';

export function FirstSteps({ steps: view }: { steps: DashboardView['firstSteps'] }) {
  if (view.total === 0 || view.done === view.total) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="premiers-pas" data-testid="home-first-steps">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="premiers-pas">Premiers pas</Title>
        <Text size="sm" c="dimmed" data-testid="home-first-steps-progress">{progressText(view.done, view.total)}</Text>
      </Group>
      <Progress value={(view.done / view.total) * 100} mb="md" aria-label={`Premiers pas : ${progressText(view.done, view.total)}`} />
      <List spacing="sm" listStyleType="none">
        {view.steps.map((s) => (
          <List.Item key={s.id} icon={<ThemeIcon size={22} radius="xl" color={s.done ? 'teal' : 'gray'} variant={s.done ? 'filled' : 'light'} aria-hidden>{s.done ? '✓' : ''}</ThemeIcon>}>
            {s.done ? (
              <Text td="line-through" c="dimmed">{s.label} <VisuallyHidden>(fait)</VisuallyHidden></Text>
            ) : (
              <Anchor component={Link} to={s.link} fw={600}>{s.label}</Anchor>
            )}
            {s.description && !s.done && <Text size="sm" c="dimmed">{s.description}</Text>}
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
