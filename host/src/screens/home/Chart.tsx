/**
 * A widget's chart, drawn with chart.js. This module is loaded with `import()` (WidgetCard), so
 * chart.js is a chunk of its own, fetched only when a chart is shown. The canvas is hidden from
 * screen readers, which read the plugin's `summary` instead; colours follow the colour scheme.
 */
import { useEffect, useRef } from 'react';
import { Box, useComputedColorScheme, VisuallyHidden } from '@mantine/core';
import { BarController, BarElement, CategoryScale, Chart as ChartJs, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import type { WidgetChart } from '@comptoir/sdk/client';
import { figureText } from './format.ts';

ChartJs.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Legend, Tooltip);

/** this year strong, last year soft; readable on both backgrounds */
const SERIES_COLORS = { light: ['#1c7ed6', '#a5d8ff'], dark: ['#4dabf7', '#1864ab'] };
const TEXT = { light: '#495057', dark: '#c9c9c9' };
const GRID = { light: '#dee2e6', dark: '#373a40' };

export default function Chart({ chart }: { chart: WidgetChart }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const scheme = useComputedColorScheme('light');
  useEffect(() => {
    if (!canvas.current) return undefined;
    const instance = new ChartJs(canvas.current, {
      type: chart.type,
      data: {
        labels: chart.labels,
        datasets: chart.series.map((s, i) => ({
          label: s.name, data: s.values.map(Number),
          backgroundColor: SERIES_COLORS[scheme][i % 2], borderColor: SERIES_COLORS[scheme][i % 2],
        })),
      },
      options: {
        responsive: true, maintainAspectRatio: false, animation: false, locale: 'fr-FR',
        plugins: {
          legend: { labels: { color: TEXT[scheme] } },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label} : ${figureText(String(item.raw), chart.unit)}` } },
        },
        scales: {
          x: { ticks: { color: TEXT[scheme] }, grid: { color: GRID[scheme] } },
          y: { ticks: { color: TEXT[scheme], callback: (v) => figureText(String(v), chart.unit) }, grid: { color: GRID[scheme] } },
        },
      },
    });
    return () => instance.destroy();
  }, [chart, scheme]);
  return (
    <Box mt="md" data-testid="home-chart">
      <Box h={240}>
        <canvas ref={canvas} aria-hidden="true" />
      </Box>
      <VisuallyHidden data-testid="home-chart-summary">{chart.summary}</VisuallyHidden>
    </Box>
  );
}
