/** The French sentences of the plugin, in one place so that tests and clients quote them exactly. */

/** spec 001 §8, verbatim: the detail of the field; the message is the French sentence below */
export const PATH_MUST_START_WITH_SLASH = 'Path must start with / (slash)';
export const PATH_TEMPLATE_SLASH = 'Le chemin d’un élément de menu doit commencer par une barre oblique « / » (par exemple /contact).';
export const ALIAS_SLASH = 'L’alias d’un élément de menu est son chemin : il doit commencer par une barre oblique « / » (par exemple /contact).';
export const NO_PATH = 'Un élément de menu de type page ou liste d’articles a besoin d’un alias ou d’un modèle de chemin.';
export const missingSegment = (segment: string) => `Le chemin utilise « :${segment} » mais l’élément n’a pas de réglage « ${segment} ».`;
export const BAD_SEGMENT = 'Un segment « : » du chemin doit être suivi d’un nom (lettres, chiffres, « _ » ou « - »).';
export const BAD_VARIABLE = 'La variable d’un élément dynamique doit s’écrire ${nom} (lettres, chiffres, « _ » ou « - »).';
export const BAD_ALIAS_PLACEHOLDER = 'Un alias dynamique ne peut contenir que des variables ${nom} (lettres, chiffres, « _ » ou « - »).';
export const DYNAMIC_NEEDS_GROUPS = 'Un élément dynamique a besoin d’au moins un groupe (variableSettings.groups).';
export const PATH_TAKEN = (path: string) => `Le chemin « ${path} » est déjà celui d’un autre élément de ce site.`;
export const PARENT_OTHER_MENU = 'L’élément parent doit appartenir au même menu.';
export const ORDER_OTHER_MENU = 'Chaque élément à ranger doit appartenir à ce menu.';
export const ORDER_INCOMPLETE = 'Le nouvel ordre doit nommer chaque élément du menu une fois.';
export const PARENT_CYCLE = 'Un élément ne peut pas être placé sous lui-même ou sous l’un de ses sous-éléments.';
export const LINK_URL = 'Un lien a besoin d’une adresse (réglage « url ») en http(s)://, mailto:, tel: ou un chemin commençant par « / ».';

export const DOMAIN_INVALID = (domain: string) => `Nom de domaine invalide : « ${domain} » (par exemple boulangerie-martin.fr).`;
export const DOMAIN_TAKEN = (domain: string) => `Le domaine « ${domain} » est déjà utilisé par un autre site.`;
export const TEMPLATE_NOT_ALLOWED = 'Ce modèle de site n’est pas proposé à votre entreprise.';
export const VARIANT_OTHER_TEMPLATE = 'Cette variante appartient à un autre modèle que celui du site.';
export const MAIN_MENU_TAKEN = 'Ce site a déjà un menu principal : retirez-lui ce rôle d’abord.';
export const badVariantParam = (name: string) => `Le modèle n’a pas de paramètre « ${name} ».`;
export const badVariantValue = (name: string) => `Valeur invalide pour le paramètre « ${name} » du modèle.`;

export const unknownBlockType = (type: string) => `Type de bloc inconnu : « ${type} ».`;
export const badBlockSetting = (type: string, name: string, why: string) => `Réglage « ${name} » du bloc « ${type} » invalide : ${why}`;
export const ALIAS_TAKEN = (alias: string) => `L’alias « ${alias} » est déjà celui d’un autre article.`;
export const TEMPLATE_IN_USE = 'Ce modèle est utilisé par des sites : choisissez-leur un autre modèle avant de le supprimer.';

export const NOT_FOUND_TITLE = 'Page introuvable';
export const NOT_FOUND_TEXT = 'La page demandée n’existe pas ou a été déplacée.';
