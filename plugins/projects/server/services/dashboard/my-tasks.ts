/**
 * The « Mes tâches » widget of the home page (README « Home dashboard »): the open items (neither
 * validated nor archived) the user works on or owns, those past their deadline, and those asking for
 * help; each figure links to the « Mes tâches » screen.
 */
import { contribute, dashboardWidgets, type CallContext, type WidgetContent } from '@comptoir/sdk';
import type { ProjectItem } from '../../../schemas/index.ts';
import { Items } from '../../entities.ts';
import { READ } from '../../permissions.ts';

const LIMIT = 1000;

/** the open items where the user is a worker or the owner, most recent activity first */
export async function myOpenItems(ctx: CallContext, userId: string): Promise<ProjectItem[]> {
  const repo = ctx.repo(Items);
  const byId = new Map<string, ProjectItem>();
  for (const i of [...await repo.findReferencing('fk.workers', userId, { limit: LIMIT }), ...await repo.findMany({ 'fk.owner': userId }, { limit: LIMIT })] as ProjectItem[]) byId.set(i._id, i);
  return [...byId.values()].filter((i) => i.status === 'submitted' || i.status === 'accepted')
    .sort((a, b) => (b.lastActivity ?? '').localeCompare(a.lastActivity ?? ''));
}

export async function myTasksContent(ctx: CallContext): Promise<WidgetContent> {
  const userId = ctx.caller.userId;
  const items = userId ? await myOpenItems(ctx, userId) : [];
  if (items.length === 0) return { empty: { message: 'Aucune idée ni aucun incident ne vous attend.', action: { label: 'Voir les projets', link: '/projets' } } };
  const now = ctx.now.toISOString();
  const late = items.filter((i) => i.deadLine && i.deadLine < now).length;
  const help = items.filter((i) => i.helpRequired || i.alert).length;
  return {
    figures: [
      { label: 'En cours', value: String(items.length), unit: 'count', hint: items.slice(0, 3).map((i) => `${i.name} (${i.progress} %)`).join(', '), link: '/projets/mes-taches' },
      { label: 'En retard', value: String(late), unit: 'count', tone: late > 0 ? 'danger' : 'success', link: '/projets/mes-taches' },
      { label: 'Aide demandée ou alerte', value: String(help), unit: 'count', tone: help > 0 ? 'warning' : 'neutral', link: '/projets/mes-taches' },
    ],
  };
}

export const dashboardContributions = [
  contribute(dashboardWidgets, { key: 'my-tasks', title: 'Mes tâches', order: 160, size: 'small', permission: READ, load: myTasksContent }),
];
