/** One figure of a widget: a real link (keyboard, screen readers) to the list whose total it is. */
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { WidgetFigure } from '@comptoir/sdk/client';
import { comparisonText, figureText } from './format.ts';

const TONE_COLORS = { neutral: undefined, success: 'teal', warning: 'orange', danger: 'red' } as const;

export function Figure({ figure }: { figure: WidgetFigure }) {
  const value = figureText(figure.value, figure.unit);
  const comparison = comparisonText(figure);
  const color = TONE_COLORS[figure.tone ?? 'neutral'];
  return (
    <Stack gap={2} data-testid="home-figure">
      <Text size="sm" c="dimmed">{figure.label}</Text>
      {figure.link ? (
        <Anchor component={Link} to={figure.link} fz={26} fw={700} c={color} underline="hover" data-testid="home-figure-value"
          aria-label={`${figure.label} : ${value}${figure.hint ? `, ${figure.hint}` : ''} — voir le détail`}>
          {value}
        </Anchor>
      ) : (
        <Text fz={26} fw={700} c={color} data-testid="home-figure-value">{value}</Text>
      )}
      {figure.hint && <Text size="sm">{figure.hint}</Text>}
      {comparison && <Text size="sm" c="dimmed">{comparison}</Text>}
    </Stack>
  );
}
