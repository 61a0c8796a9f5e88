/**
 * The platform's extension points for the home page (docs/architecture.md « Extension points »):
 * widgets with figures and charts, and the steps of a new company's first-run checklist. Any
 * plugin contributes to them in its `definePlugin({ contributions })`; the platform serves them at
 * `GET /api/kernel/dashboard` and the shell draws them: plugins send data, not components, so
 * every widget looks, reads and behaves alike (keyboard, contrast, dark theme).
 */
import { defineExtensionPoint } from './contracts.ts';
import type { CallContext } from './context.ts';

export type WidgetTone = 'neutral' | 'success' | 'warning' | 'danger';

/** One figure: an amount or a count, with where to see its detail. */
export interface WidgetFigure {
  /** French label, e.g. « Chiffre d’affaires de novembre » */
  label: string;
  /** a decimal string: euros for `money` ('1234.50'), a whole number for `count` */
  value: string;
  unit: 'money' | 'count';
  /** what it compares with (the same period last year): the shell shows the change */
  previous?: {
    label: string;
    value: string;
    /** (value − previous) / |previous| in percent, a decimal string rounded to the unit; absent when previous is 0 */
    change?: string;
  };
  /** secondary French text (« 3 factures ») */
  hint?: string;
  tone?: WidgetTone;
  /** shell path of the filtered list whose total is `value` (« /factures?statut=en-retard ») */
  link?: string;
}

/** A small chart; the shell draws it with a chart library loaded only when a chart is shown. */
export interface WidgetChart {
  type: 'bar' | 'line';
  unit: 'money' | 'count';
  /** French labels of the x axis (« janv. », « févr. »…) */
  labels: string[];
  /** values as decimal strings, one per label */
  series: { name: string; values: string[] }[];
  /** French sentence read by screen readers in place of the drawing */
  summary: string;
}

export interface WidgetContent {
  figures?: WidgetFigure[];
  chart?: WidgetChart;
  /** shown instead when there is nothing yet: what to do first */
  empty?: { message: string; action?: { label: string; link: string } };
}

export interface DashboardWidget {
  /** unique within the plugin (the widget is known as `<plugin>.<key>`) */
  key: string;
  /** French title */
  title: string;
  /** smaller first; the platform's own are 0–99, plugins 100 and up */
  order?: number;
  size?: 'small' | 'medium' | 'large';
  /** shown only to members holding it */
  permission?: string;
  /** computed in the contributing plugin's context, in the active company, read-only */
  load(ctx: CallContext): Promise<WidgetContent>;
}

/** One step of a new company's first-run checklist (« Créez votre premier client »). */
export interface FirstStep {
  key: string;
  /** French, an imperative: « Créez votre premier client » */
  label: string;
  description?: string;
  /** shell path where it is done */
  link: string;
  order?: number;
  permission?: string;
  done(ctx: CallContext): Promise<boolean>;
}

const KEY = /^[a-z][a-z0-9-]*$/;
const named = (what: string, v: { key?: unknown; title?: unknown; label?: unknown; link?: unknown }, label: unknown) => {
  if (typeof v.key !== 'string' || !KEY.test(v.key)) return `${what}: key « ${String(v.key)} » must be kebab-case`;
  if (typeof label !== 'string' || !label.trim()) return `${what} « ${v.key} »: a French label is required`;
  return null;
};

export const dashboardWidgets = defineExtensionPoint<DashboardWidget>({
  id: 'kernel.dashboard-widgets',
  description: 'A widget of the home page: figures and a chart computed by the contributing plugin',
  validate: (w) => named('widget', w, w.title) ?? (typeof w.load === 'function' ? null : `widget « ${w.key} »: load(ctx) is required`),
});

export const firstSteps = defineExtensionPoint<FirstStep>({
  id: 'kernel.first-steps',
  description: 'A step of the first-run checklist of a new company',
  validate: (s) => named('first step', s, s.label)
    ?? (typeof s.link === 'string' && s.link.startsWith('/') ? null : `first step « ${s.key} »: link must be a shell path`)
    ?? (typeof s.done === 'function' ? null : `first step « ${s.key} »: done(ctx) is required`),
});

// ---------------------------------------------------------------------------------------------
// What `GET /api/kernel/dashboard` answers (the shell reads it with these types)

export interface DashboardWidgetView {
  /** `<plugin>.<key>`: never shown, a React key and a test handle */
  id: string;
  plugin: string;
  title: string;
  size: 'small' | 'medium' | 'large';
  order: number;
  /** absent when loading failed */
  content?: WidgetContent;
  /** French, when loading failed: the rest of the page is served */
  error?: string;
}

export interface FirstStepView {
  id: string;
  label: string;
  description?: string;
  link: string;
  done: boolean;
}

export interface DashboardView {
  widgets: DashboardWidgetView[];
  firstSteps: { steps: FirstStepView[]; done: number; total: number };
}
