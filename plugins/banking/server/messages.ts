/** The French sentences of « Banque » that more than one file says. */
export const SPLIT_SUM = (sum: string, amount: string) => `La somme des sous-opérations (${sum} €) doit être égale au montant de l’opération (${amount} €).`;
export const SPLIT_CHILD = 'Une sous-opération ne se ventile pas : ventilez l’opération d’origine.';
export const SPLIT_PARENT_AMOUNT = 'Cette opération est ventilée : son montant et son compte ne changent pas tant que la ventilation existe (retirez-la d’abord).';
export const CHILD_EDIT = 'Le montant, la date et le compte d’une sous-opération se changent en ventilant à nouveau l’opération d’origine.';
export const CHILD_DELETE = 'Une sous-opération ne se supprime pas seule : ventilez à nouveau l’opération d’origine.';
export const ACCOUNT_USED = 'Ce compte a des opérations : supprimez-les ou gardez le compte.';
export const CATEGORY_USED = 'Cette catégorie classe des opérations, des règles, des contrats ou des sous-catégories : elle ne peut pas être supprimée.';
export const GROUP_USED = 'Ce groupe contient des opérations : il ne peut pas être supprimé.';
export const CONTRACT_USED = 'Ce contrat est lié à des opérations : il ne peut pas être supprimé.';
export const SUB_NEEDS_CATEGORY = 'Une sous-catégorie se donne avec sa catégorie.';
export const NOT_A_SUB = (sub: string, cat: string) => `La sous-catégorie « ${sub} » n’appartient pas à la catégorie « ${cat} ».`;
export const RULE_NEEDS_SUB = 'Une règle qui classe donne la catégorie avec sa sous-catégorie (spec : « Actions require a category together with a sub-category »).';
export const RULE_NO_CONDITION = 'Une règle doit avoir au moins une condition (montant, libellé ou compte).';
export const RULE_NO_ACTION = 'Une règle doit changer au moins une chose (catégorie, libellé, lieu ou mode de paiement).';
