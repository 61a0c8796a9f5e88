/**
 * Categories and groups (README « Categories »): a tree of two levels; a category in use (by an
 * operation, a rule, a contract or a sub-category) is never deleted.
 */
import { badRequest, conflict, type CallContext } from '@comptoir/sdk';
import type { CategoryInput, GroupInput, OperationCategory, OperationGroup } from '../../../schemas/index.ts';
import { Categories, Contracts, Groups, Operations, Rules } from '../../entities.ts';
import { CATEGORY_USED, GROUP_USED } from '../../messages.ts';

export function categoriesService(ctx: CallContext) {
  const repo = () => ctx.repo(Categories);

  async function checkParent(id: string | null, parent: string | null | undefined): Promise<void> {
    if (!parent) return;
    if (parent === id) throw badRequest('Une catégorie ne peut pas être sa propre catégorie parente.', [{ field: 'parent', message: 'elle-même' }]);
    const found = await repo().find(parent);
    if (!found) throw badRequest(`parent : aucune catégorie de cette entreprise ne porte l’identifiant ${parent}.`, [{ field: 'parent', message: 'introuvable' }]);
    if (found.parent) throw badRequest(`« ${found.name} » est déjà une sous-catégorie : les catégories ont deux niveaux.`, [{ field: 'parent', message: 'deux niveaux' }]);
    if (id && (await repo().count({ parent: id })) > 0) throw badRequest('Cette catégorie a des sous-catégories : elle ne peut pas devenir une sous-catégorie.', [{ field: 'parent', message: 'deux niveaux' }]);
  }

  return {
    async create(input: CategoryInput): Promise<OperationCategory> {
      if (!input.name) throw badRequest('Le nom de la catégorie est requis.', [{ field: 'name', message: 'requis' }]);
      await checkParent(null, input.parent);
      // a sub-category is of its parent's kind unless told
      const parent = input.parent ? await repo().get(input.parent) : null;
      return repo().create({ ...input, credit: input.credit ?? parent?.credit ?? false, offBudget: input.offBudget ?? parent?.offBudget ?? false });
    },

    async update(id: string, input: CategoryInput): Promise<OperationCategory> {
      const current = await repo().getForUpdate(id);
      if (input.parent !== undefined && input.parent !== current.parent) {
        await checkParent(id, input.parent);
        if ((await ctx.repo(Operations).count({ 'fk.subCategory': id })) + (await ctx.repo(Operations).count({ 'fk.category': id })) > 0) {
          throw conflict('Cette catégorie classe des opérations : elle ne change pas de niveau.');
        }
      }
      return repo().update(id, input);
    },

    async remove(id: string): Promise<void> {
      await repo().getForUpdate(id);
      const ops = ctx.repo(Operations);
      const used = (await ops.count({ 'fk.category': id })) + (await ops.count({ 'fk.subCategory': id }))
        + (await repo().count({ parent: id }))
        + (await ctx.repo(Contracts).count({ 'fk.category': id })) + (await ctx.repo(Contracts).count({ 'fk.subCategory': id }))
        + (await ctx.repo(Rules).findReferencing('actions.category', id, { limit: 1 })).length
        + (await ctx.repo(Rules).findReferencing('actions.subCategory', id, { limit: 1 })).length;
      if (used > 0) throw conflict(CATEGORY_USED);
      await repo().remove(id);
    },
  };
}

export function groupsService(ctx: CallContext) {
  const repo = () => ctx.repo(Groups);
  return {
    create: (input: GroupInput): Promise<OperationGroup> => {
      if (!input.name) throw badRequest('Le nom du groupe est requis.', [{ field: 'name', message: 'requis' }]);
      return repo().create(input);
    },
    update: async (id: string, input: GroupInput): Promise<OperationGroup> => {
      await repo().getForUpdate(id);
      return repo().update(id, input);
    },
    async remove(id: string): Promise<void> {
      await repo().getForUpdate(id);
      if ((await ctx.repo(Operations).findReferencing('fk.groups', id, { limit: 1 })).length > 0) throw conflict(GROUP_USED);
      await repo().remove(id);
    },
  };
}

export type CategoriesService = ReturnType<typeof categoriesService>;
export type GroupsService = ReturnType<typeof groupsService>;
