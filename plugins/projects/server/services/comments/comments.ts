/**
 * Comments on items (README « Comments »): written by a member on an item of the company; the item's
 * last activity moves (item locked, like every item write); followers and asked helpers are told.
 * A comment is edited or deleted by its author (or a manager).
 */
import { forbidden, type CallContext } from '@comptoir/sdk';
import type { CommentInput, ProjectComment, ProjectItem } from '../../../schemas/index.ts';
import { Comments, Items } from '../../entities.ts';
import { MANAGE } from '../../permissions.ts';
import { noticeComment } from './notices.ts';

const NOT_YOUR_COMMENT = 'Seul son auteur peut modifier ou supprimer ce commentaire.';

export function commentsService(ctx: CallContext) {
  const repo = () => ctx.repo(Comments);

  async function own(id: string): Promise<ProjectComment> {
    const comment = await repo().getForUpdate(id) as ProjectComment;
    if (comment.fk.user !== ctx.caller.userId && !ctx.can(MANAGE)) throw forbidden(NOT_YOUR_COMMENT);
    return comment;
  }

  return {
    async create(input: CommentInput): Promise<ProjectComment> {
      const item = await ctx.repo(Items).getForUpdate(input.fk.item) as ProjectItem;
      const comment = await repo().create({
        ...input, fk: { ...input.fk, project: item.fk.project, user: ctx.caller.userId },
      }) as ProjectComment;
      await ctx.repo(Items).update(item._id, {
        lastActivity: ctx.now.toISOString(),
        lastActivityDescription: comment.helpRequired ? 'Demande d’aide' : 'Commentaire',
        // a help request marks the item until someone clears the flag
        ...(comment.helpRequired ? { helpRequired: true } : {}),
      });
      await noticeComment(ctx, item, comment);
      return comment;
    },

    async update(id: string, input: Partial<CommentInput>): Promise<ProjectComment> {
      const comment = await own(id);
      const fk = input.fk ? { ...comment.fk, ...input.fk, item: comment.fk.item } : undefined;
      return repo().update(id, { ...input, ...(fk ? { fk } : {}) }) as Promise<ProjectComment>;
    },

    async remove(id: string): Promise<void> {
      await own(id);
      await repo().remove(id);
    },
  };
}

export type CommentsService = ReturnType<typeof commentsService>;
