/**
 * A category with its sub-category as one choice « Catégorie › Sous-catégorie » (the server wants
 * both together): the choices, and a choice back to the pair. Plain, tested in client/test.
 */
export interface CategoryLike { _id: string; name: string; parent?: string | null }

export interface CategoryChoice { value: string; label: string }

export function categoryChoices(categories: CategoryLike[]): CategoryChoice[] {
  const parents = new Map(categories.filter((c) => !c.parent).map((c) => [c._id, c]));
  return categories
    .filter((c) => c.parent && parents.has(c.parent))
    .map((c) => ({ value: `${c.parent}/${c._id}`, label: `${parents.get(c.parent!)!.name} › ${c.name}` }))
    .sort((a, b) => a.label.localeCompare(b.label, 'fr'));
}

export function pairOf(choice: string | null): { category: string | null; subCategory: string | null } {
  if (!choice) return { category: null, subCategory: null };
  const [category, subCategory] = choice.split('/');
  return { category, subCategory };
}

export const choiceOf = (fk: { category?: string | null; subCategory?: string | null }): string | null =>
  (fk.category && fk.subCategory ? `${fk.category}/${fk.subCategory}` : null);
