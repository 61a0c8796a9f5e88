/**
 * Rules of user-property definitions, as plain functions over plain data (tested directly in
 * server/test/user-prop-rules.test.ts): what each type allows, who may create what under the
 * server settings (platform README « User properties »), which changes keep the stored values meaningful, and which
 * definitions a company sees.
 */
import {
  typeDefaultValue, userPropFamily, userPropValueProblem,
  type ServerSettingsUserProps, type UserProp, type UserPropType,
} from '@comptoir/schemas';

export type Problem = { field: string; message: string };

/** a value per field may be missing while the definition is being built */
export type DefinitionDraft = Pick<UserProp, 'type' | 'multiple' | 'required' | 'index' | 'fullTextSearch' | 'selectOptions' | 'variable' | 'name'>
  & Partial<Pick<UserProp, 'mask' | 'min' | 'max' | 'minValues' | 'maxValues' | 'defaultValue'>>;

const SINGLE_ONLY: ReadonlySet<UserPropType> = new Set<UserPropType>(['checkbox', 'switch', 'textarea']);
const LENGTH_BOUNDED: ReadonlySet<UserPropType> = new Set<UserPropType>(['text', 'textarea', 'email', 'tel', 'url']);
const MASKED: ReadonlySet<UserPropType> = new Set<UserPropType>(['text', 'tel']);

const isSet = (v: unknown) => v !== undefined && v !== null;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What is wrong with a definition, field by field (none: an empty list). */
export function definitionProblems(d: DefinitionDraft): Problem[] {
  const out: Problem[] = [];
  const family = userPropFamily(d.type);
  // a key JavaScript objects treat apart: the value would set the prototype, not a field
  if (d.variable === '__proto__') out.push({ field: 'variable', message: 'nom réservé : choisissez-en un autre' });
  if (d.multiple && SINGLE_ONLY.has(d.type)) {
    out.push({ field: 'multiple', message: 'une case à cocher, un interrupteur ou un texte long n’a qu’une valeur' });
  }
  if (d.index && (d.multiple || family === 'long')) {
    out.push({ field: 'index', message: 'une propriété à plusieurs valeurs ou un texte long ne peut pas être indexé' });
  }
  if (d.fullTextSearch && family !== 'line' && family !== 'long') {
    out.push({ field: 'fullTextSearch', message: 'seuls les textes se cherchent en texte intégral' });
  }
  const bounded = d.type === 'number' || LENGTH_BOUNDED.has(d.type);
  for (const f of ['min', 'max'] as const) {
    const v = d[f];
    if (!isSet(v)) continue;
    if (!bounded) out.push({ field: f, message: 'ne s’applique pas à ce type' });
    else if (d.type !== 'number' && (!Number.isInteger(v) || v! < 0)) out.push({ field: f, message: 'une longueur (entier positif) est attendue' });
  }
  if (isSet(d.min) && isSet(d.max) && d.min! > d.max!) out.push({ field: 'max', message: 'doit être supérieur ou égal au minimum' });
  for (const f of ['minValues', 'maxValues'] as const) {
    if (isSet(d[f]) && !d.multiple) out.push({ field: f, message: 'ne s’applique qu’à une propriété à plusieurs valeurs' });
  }
  if (isSet(d.minValues) && isSet(d.maxValues) && d.minValues! > d.maxValues!) {
    out.push({ field: 'maxValues', message: 'doit être supérieur ou égal au nombre minimum de valeurs' });
  }
  if (d.type === 'select') {
    if (d.selectOptions.length === 0) out.push({ field: 'selectOptions', message: 'au moins un choix est attendu' });
    const values = d.selectOptions.map((o) => o.value);
    const twice = values.find((v, i) => values.indexOf(v) !== i);
    if (twice !== undefined) out.push({ field: 'selectOptions', message: `la valeur « ${twice} » est donnée deux fois` });
  } else if (d.selectOptions.length > 0) {
    out.push({ field: 'selectOptions', message: 'seule une liste de choix a des choix' });
  }
  if (d.mask && !MASKED.has(d.type)) out.push({ field: 'mask', message: 'un format de saisie ne s’applique qu’à un texte ou un téléphone' });
  // the spec's default (false, 0, empty text, [] or [default]) always stands: it means « no default »
  if (out.length === 0 && isSet(d.defaultValue) && !sameJson(d.defaultValue, typeDefaultValue(d))) {
    const problem = userPropValueProblem(d, d.defaultValue, { ignoreRequired: true });
    if (problem) out.push({ field: 'defaultValue', message: problem });
  }
  return out;
}

/** A change of type keeps the stored values readable only within one family (text to e-mail…). */
export function typeChangeAllowed(from: UserPropType, to: UserPropType): boolean {
  return userPropFamily(from) === userPropFamily(to);
}

export interface Refusal { status: 403 | 409; message: string }

/**
 * Whether the caller may have this definition in this scope (platform README « User properties »): server properties are
 * the server administrators'; a company's own ones are allowed as ServerSettings.userProps say
 * (the server administrator, who sets them, is not bound by them). `was` is the stored
 * definition on an update: a private property whose index was made while the server allowed it
 * keeps it after the setting is turned off, but cannot be given one anew.
 */
export function scopeRefusal(
  d: Pick<UserProp, 'server' | 'index' | 'fullTextSearch'>,
  who: { canServer: boolean; canCompany: boolean },
  settings: ServerSettingsUserProps,
  was?: Pick<UserProp, 'index' | 'fullTextSearch'>,
): Refusal | null {
  if (d.server) {
    return who.canServer ? null : { status: 403, message: 'Seul un administrateur du serveur gère les propriétés du serveur.' };
  }
  if (!who.canCompany) return { status: 403, message: 'Permission requise : kernel.user-props.manage.' };
  // the server administrator sets these limits for the companies; they do not bind them
  if (who.canServer) return null;
  if (!was && !settings.allowCompaniesToCreatePrivateProps) {
    return { status: 403, message: 'Ce serveur n’autorise pas les entreprises à créer leurs propres propriétés.' };
  }
  if (d.index && !was?.index && !settings.allowCompaniesToCreatePrivatePropsWithIndex) {
    return { status: 403, message: 'Ce serveur n’autorise pas les entreprises à indexer leurs propriétés.' };
  }
  if (d.fullTextSearch && !was?.fullTextSearch && !settings.allowCompaniesToCreatePrivatePropsWithFullTextIndex) {
    return { status: 403, message: 'Ce serveur n’autorise pas la recherche en texte intégral sur les propriétés des entreprises.' };
  }
  return null;
}

type Scoped = Pick<UserProp, 'server' | 'applyForAllCompanies' | 'allowCompaniesToUseThisProperty' | 'fk'>;

/**
 * The definitions a company sees: its own private ones, and the server ones applying to it or
 * offered to it; a server administrator also sees every server property (to manage them).
 */
export function visibleTo(d: Scoped, companyId: string, canServer: boolean): boolean {
  if (!d.server) return d.fk.company === companyId;
  return canServer || d.applyForAllCompanies || d.allowCompaniesToUseThisProperty || d.fk.companies.includes(companyId);
}
