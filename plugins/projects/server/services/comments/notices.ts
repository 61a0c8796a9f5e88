/**
 * Who hears about an item (README « Notifications »), through `kernel.notifier`: recorded in the
 * caller's transaction, delivered after its commit (never for a rolled-back write), each recipient's
 * choices for the kind applying. The author of the change is never told about their own change.
 */
import type { CallContext, NotifyChoice } from '@comptoir/sdk';
import type { ProjectComment, ProjectItem } from '../../../schemas/index.ts';
import { NOTICE_ACTIVITY, NOTICE_HELP } from '../../events.ts';
import { itemPath } from './paths.ts';
import { customers, notifier } from '../deps.ts';

const STATUS_WORDS: Record<ProjectItem['status'], string> = {
  submitted: 'proposée', accepted: 'acceptée', validated: 'validée', archived: 'archivée',
};

const others = (ctx: CallContext, ids: readonly (string | null | undefined)[]) =>
  [...new Set(ids.filter((id): id is string => !!id && id !== ctx.caller.userId))];

const openItem = (item: ProjectItem): NotifyChoice => ({ title: 'Ouvrir', url: itemPath(item._id), urlMode: 'navigate' });

/** Followers, when an item changes column or progress. */
export async function noticeItemChange(ctx: CallContext, before: ProjectItem, after: ProjectItem): Promise<void> {
  const lines: string[] = [];
  if (after.status !== before.status) lines.push(`Désormais ${STATUS_WORDS[after.status]}.`);
  if (after.progress !== before.progress) lines.push(`Avancement : ${before.progress} % → ${after.progress} %.`);
  const to = others(ctx, after.fk.followers);
  if (lines.length === 0 || to.length === 0) return;
  await notifier(ctx).notify(to, {
    title: `« ${after.name} »`, content: lines.join('\n'), style: 'info', kind: NOTICE_ACTIVITY, liveOnly: false, choices: [openItem(after)],
  });
}

/**
 * A comment: the item's followers, owner and workers hear of it; with `helpRequired`, the helpers
 * asked (the comment's, else the item's desired helpers) get a help request. Customers it mentions
 * are named, each with a link to their card.
 */
export async function noticeComment(ctx: CallContext, item: ProjectItem, comment: ProjectComment): Promise<void> {
  const mentioned = comment.fk.customers.length > 0 ? await customers(ctx).findByIds(comment.fk.customers) : [];
  const customerChoices: NotifyChoice[] = mentioned.slice(0, 5).map((c) => ({ title: `Client : ${c.name}`, url: customerPath(c._id), urlMode: 'navigate' }));
  const mentions = mentioned.length > 0 ? `\nClient${mentioned.length > 1 ? 's' : ''} mentionné${mentioned.length > 1 ? 's' : ''} : ${mentioned.map((c) => c.name).join(', ')}` : '';
  const excerpt = comment.description.length > 200 ? `${comment.description.slice(0, 199)}…` : comment.description;
  const helpers = comment.helpRequired ? others(ctx, comment.fk.desiredHelpers.length > 0 ? comment.fk.desiredHelpers : item.fk.desiredHelpers) : [];
  if (helpers.length > 0) {
    await notifier(ctx).notify(helpers, {
      title: `Demande d’aide sur « ${item.name} »`, content: `${excerpt}${mentions}`, style: 'warning', priority: 'high',
      kind: NOTICE_HELP, liveOnly: false, choices: [openItem(item), ...customerChoices],
    });
  }
  const helped = new Set(helpers);
  const to = others(ctx, [...item.fk.followers, item.fk.owner, ...item.fk.workers]).filter((id) => !helped.has(id));
  if (to.length === 0) return;
  await notifier(ctx).notify(to, {
    title: `Nouveau commentaire sur « ${item.name} »`, content: `${excerpt}${mentions}`, style: 'info',
    kind: NOTICE_ACTIVITY, liveOnly: false, choices: [openItem(item), ...customerChoices],
  });
}

/** The shell path of a customer's card (« Contacts » mounts its customers at /clients). */
export const customerPath = (id: string) => `/clients/${id}`;
