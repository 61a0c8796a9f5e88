/**
 * A category with its sub-category, as operations, contracts and rules give them: the
 * sub-category must be a child of the category (README « Categories »).
 */
import { badRequest, type CallContext } from '@comptoir/sdk';
import { Categories } from '../../entities.ts';
import { NOT_A_SUB, SUB_NEEDS_CATEGORY } from '../../messages.ts';

export async function checkClassification(ctx: CallContext, category: string | null | undefined, subCategory: string | null | undefined, field = 'fk'): Promise<void> {
  if (subCategory && !category) throw badRequest(SUB_NEEDS_CATEGORY, [{ field: `${field}.subCategory`, message: 'catégorie manquante' }]);
  if (!category) return;
  const ids = subCategory ? [category, subCategory] : [category];
  const found = await ctx.repo(Categories).findByIds(ids);
  const cat = found.find((c) => c._id === category);
  if (!cat) throw badRequest(`${field}.category : aucune catégorie de cette entreprise ne porte l’identifiant ${category}.`, [{ field: `${field}.category`, message: 'introuvable' }]);
  if (cat.parent) throw badRequest(`« ${cat.name} » est une sous-catégorie : donnez sa catégorie dans « category » et elle dans « subCategory ».`, [{ field: `${field}.category`, message: 'sous-catégorie' }]);
  if (!subCategory) return;
  const sub = found.find((c) => c._id === subCategory);
  if (!sub) throw badRequest(`${field}.subCategory : aucune catégorie de cette entreprise ne porte l’identifiant ${subCategory}.`, [{ field: `${field}.subCategory`, message: 'introuvable' }]);
  if (sub.parent !== category) throw badRequest(NOT_A_SUB(sub.name, cat.name), [{ field: `${field}.subCategory`, message: 'autre catégorie' }]);
}
