/**
 * A chart of the monthly view, drawn with chart.js (the library the shell's home page uses). This
 * module is loaded with `lazy()` (MonthsScreen): chart.js is a chunk of its own, fetched only
 * when the monthly view is opened. The canvas is hidden from screen readers, which read `summary`.
 */
import { useEffect, useRef } from 'react';
import { Box, useComputedColorScheme, VisuallyHidden } from '@mantine/core';
import { formatMoney } from '@comptoir/sdk/react';
import {
  BarController, BarElement, CategoryScale, Chart as ChartJs, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip,
} from 'chart.js';

ChartJs.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Legend, Tooltip);

export interface MonthChartProps {
  labels: string[];
  bars: { name: string; values: number[]; color: 'green' | 'red' | 'blue' }[];
  line?: { name: string; values: number[] };
  /** bars side by side along y (categories) instead of x (months) */
  horizontal?: boolean;
  summary: string;
  testId: string;
}

const COLORS = { light: { green: '#2f9e44', red: '#e03131', blue: '#1c7ed6', line: '#495057' }, dark: { green: '#69db7c', red: '#ff8787', blue: '#4dabf7', line: '#c9c9c9' } };

export default function MonthChart({ labels, bars, line, horizontal, summary, testId }: MonthChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const scheme = useComputedColorScheme('light');
  useEffect(() => {
    if (!canvas.current) return undefined;
    const colors = COLORS[scheme];
    const instance = new ChartJs(canvas.current, {
      type: 'bar',
      data: {
        labels,
        datasets: [
          ...bars.map((b) => ({ type: 'bar' as const, label: b.name, data: b.values, backgroundColor: colors[b.color], borderColor: colors[b.color] })),
          ...(line ? [{ type: 'line' as const, label: line.name, data: line.values, borderColor: colors.line, backgroundColor: colors.line }] : []),
        ],
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x', responsive: true, maintainAspectRatio: false, animation: false, locale: 'fr-FR',
        plugins: { tooltip: { callbacks: { label: (item) => `${item.dataset.label} : ${formatMoney(Number(item.raw))}` } } },
        scales: { [horizontal ? 'x' : 'y']: { ticks: { callback: (v: string | number) => formatMoney(Number(v)) } } },
      },
    });
    return () => instance.destroy();
  }, [labels, bars, line, horizontal, scheme]);
  return (
    <Box data-testid={testId}>
      <Box h={horizontal ? Math.max(160, labels.length * 28) : 260}>
        <canvas ref={canvas} aria-hidden="true" />
      </Box>
      <VisuallyHidden data-testid={`${testId}-summary`}>{summary}</VisuallyHidden>
    </Box>
  );
}
