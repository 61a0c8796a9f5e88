/** The values of the property editor, their defaults, and the body sent to /api/kernel/user-props. */
import { typeDefaultValue, type UserProp, type UserPropPlacement, type UserPropSelectOption, type UserPropType } from '@comptoir/schemas';

export const TYPE_LABELS: Record<UserPropType, string> = {
  text: 'Texte court', textarea: 'Texte long', number: 'Nombre', checkbox: 'Case à cocher', switch: 'Interrupteur',
  select: 'Liste de choix', date: 'Date', email: 'E-mail', tel: 'Téléphone', url: 'Adresse web', color: 'Couleur',
};

export const PLACEMENT_LABELS: Record<UserPropPlacement, string> = { none: 'Masquée', start: 'Au début', end: 'À la fin' };

export type Scope = 'company' | 'server-all' | 'server-offered';
export const SCOPE_LABELS: Record<Scope, string> = {
  company: 'Cette entreprise uniquement',
  'server-all': 'Toutes les entreprises du serveur',
  'server-offered': 'Proposée aux entreprises (chacune choisit)',
};

export function scopeOf(p: Pick<UserProp, 'server' | 'applyForAllCompanies'>): Scope {
  if (!p.server) return 'company';
  return p.applyForAllCompanies ? 'server-all' : 'server-offered';
}

export interface UserPropFormValues {
  name: string;
  variable: string;
  description: string;
  pluginIdentifier: string;
  type: UserPropType;
  multiple: boolean;
  required: boolean;
  defaultValue: unknown;
  mask: string;
  min: number | '';
  max: number | '';
  minValues: number | '';
  maxValues: number | '';
  selectOptions: UserPropSelectOption[];
  editionPlacement: UserPropPlacement;
  editionPosition: number;
  listPlacement: UserPropPlacement;
  listPosition: number;
  cardPlacement: UserPropPlacement;
  cardPosition: number;
  container: string;
  filter: boolean;
  index: boolean;
  fullTextSearch: boolean;
  fullTextWeight: number;
  scope: Scope;
}

const bound = (v: number | null | undefined): number | '' => (typeof v === 'number' ? v : '');

/**
 * A new property shows in forms and cards (after the plugin's fields), not in lists: what an
 * owner adding « Code fidélité » expects to see at once. The API's own defaults are « none ».
 */
export function formValues(p: UserProp | null, pluginIdentifier: string): UserPropFormValues {
  return {
    name: p?.name ?? '', variable: p?.variable ?? '', description: p?.description ?? '',
    pluginIdentifier: p?.pluginIdentifier ?? pluginIdentifier,
    type: p?.type ?? 'text', multiple: p?.multiple ?? false, required: p?.required ?? false,
    defaultValue: p?.defaultValue ?? '', mask: p?.mask ?? '',
    min: bound(p?.min), max: bound(p?.max), minValues: bound(p?.minValues), maxValues: bound(p?.maxValues),
    selectOptions: p?.selectOptions.map((o) => ({ ...o })) ?? [],
    editionPlacement: p?.editionPlacement ?? 'end', editionPosition: p?.editionPosition ?? 0,
    listPlacement: p?.listPlacement ?? 'none', listPosition: p?.listPosition ?? 0,
    cardPlacement: p?.cardPlacement ?? 'end', cardPosition: p?.cardPosition ?? 0,
    container: p?.container ?? '', filter: p?.filter ?? false, index: p?.index ?? false,
    fullTextSearch: p?.fullTextSearch ?? false, fullTextWeight: p?.fullTextWeight ?? 1,
    scope: p ? scopeOf(p) : 'company',
  };
}

/** What changes with the type (platform README « User properties »): the default resets, the bounds go. */
export function reshaped(v: UserPropFormValues, change: Partial<Pick<UserPropFormValues, 'type' | 'multiple' | 'required'>>): UserPropFormValues {
  const next = { ...v, ...change };
  return { ...next, defaultValue: typeDefaultValue(next), min: '', max: '', minValues: '', maxValues: '' };
}

/** `Prénom du parrain` -> `prenom_du_parrain`: a variable suggested from the name. */
export function variableOf(name: string): string {
  const v = name.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 50);
  return /^[0-9]/.test(v) ? `_${v}`.slice(0, 50) : v;
}

const orNull = (v: number | '') => (v === '' ? null : v);

export function bodyOf(v: UserPropFormValues, creating: boolean): Record<string, unknown> {
  const textual = ['text', 'tel'].includes(v.type);
  const body: Record<string, unknown> = {
    name: v.name.trim(), description: v.description.trim(), type: v.type, required: v.required,
    defaultValue: v.defaultValue, mask: textual ? v.mask.trim() : '',
    min: orNull(v.min), max: orNull(v.max), minValues: v.multiple ? orNull(v.minValues) : null, maxValues: v.multiple ? orNull(v.maxValues) : null,
    selectOptions: v.type === 'select' ? v.selectOptions.map((o) => ({ ...o, label: o.label.trim(), value: o.value.trim() })) : [],
    editionPlacement: v.editionPlacement, editionPosition: v.editionPosition,
    listPlacement: v.listPlacement, listPosition: v.listPosition,
    cardPlacement: v.cardPlacement, cardPosition: v.cardPosition,
    container: v.container.trim(), filter: v.filter, index: v.index,
    fullTextSearch: v.fullTextSearch, fullTextWeight: v.fullTextWeight,
  };
  if (v.scope !== 'company') {
    body.applyForAllCompanies = v.scope === 'server-all';
    body.allowCompaniesToUseThisProperty = v.scope === 'server-offered';
  }
  if (creating) {
    Object.assign(body, { variable: v.variable.trim(), pluginIdentifier: v.pluginIdentifier, multiple: v.multiple, server: v.scope !== 'company' });
  }
  return body;
}
