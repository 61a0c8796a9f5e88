/**
 * The home page's data (`GET /api/kernel/dashboard`): the widgets and first-run steps every plugin
 * contributes (sdk/src/dashboard.ts), each computed in its contributor's own context. Plain
 * functions of a context, tested directly (server/test/dashboard-assemble.test.ts).
 *
 * One contribution failing (a bug, a table it cannot read) must never take the page down: its
 * widget carries a French sentence instead of content, the error goes to the log with the
 * contributor's name, and a failing step counts as not done.
 */
import type { CallContext, Contributed, DashboardView, DashboardWidget, DashboardWidgetView, FirstStep, FirstStepView } from '@comptoir/sdk';
import { dashboardWidgets, firstSteps } from '@comptoir/sdk';

export const WIDGET_FAILED = 'Ce bloc n’a pas pu être chargé. Réessayez plus tard ; si cela persiste, prévenez votre administrateur.';
/** plugins 100 and up (sdk/src/dashboard.ts): a contribution without `order` comes after theirs */
const DEFAULT_ORDER = 500;

/** Kept when the caller may see it: no permission asked, or held (god roles hold everything). */
export function visible<C extends { permission?: string }>(ctx: CallContext, list: Contributed<C>[]): Contributed<C>[] {
  return list.filter((c) => !c.value.permission || ctx.can(c.value.permission));
}

/** Smaller `order` first; equal orders keep the registry's (dependency) order: the sort is stable. */
export const byOrder = <T extends { order: number }>(list: T[]): T[] => [...list].sort((a, b) => a.order - b.order);

export async function loadWidget(c: Contributed<DashboardWidget>): Promise<DashboardWidgetView> {
  const w = c.value;
  const view: DashboardWidgetView = {
    id: `${c.plugin}.${w.key}`, plugin: c.plugin, title: w.title, size: w.size ?? 'medium', order: w.order ?? DEFAULT_ORDER,
  };
  try {
    return { ...view, content: await w.load(c.ctx) };
  } catch (err) {
    c.ctx.log.error({ err, widget: view.id }, `dashboard widget ${view.id} failed`);
    return { ...view, error: WIDGET_FAILED };
  }
}

export async function loadStep(c: Contributed<FirstStep>): Promise<FirstStepView> {
  const s = c.value;
  let done = false;
  try {
    done = (await s.done(c.ctx)) === true;
  } catch (err) {
    c.ctx.log.error({ err, step: `${c.plugin}.${s.key}` }, `first-run step ${c.plugin}.${s.key} failed`);
  }
  return { id: `${c.plugin}.${s.key}`, label: s.label, ...(s.description ? { description: s.description } : {}), link: s.link, done };
}

export async function loadDashboard(ctx: CallContext): Promise<DashboardView> {
  // one after the other: they share the request's transaction (one connection), and a failed
  // query must not race the next contributor's
  const widgets: (DashboardWidgetView)[] = [];
  for (const c of visible(ctx, ctx.contributions(dashboardWidgets))) widgets.push(await loadWidget(c));
  const stepContributions = visible(ctx, ctx.contributions(firstSteps));
  const steps: (FirstStepView & { order: number })[] = [];
  for (const c of stepContributions) steps.push({ ...(await loadStep(c)), order: c.value.order ?? DEFAULT_ORDER });
  const sorted = byOrder(steps).map(({ order: _order, ...s }) => s);
  return {
    widgets: byOrder(widgets),
    firstSteps: { steps: sorted, done: sorted.filter((s) => s.done).length, total: sorted.length },
  };
}
