/**
 * The list query parameters of http README « Lists », decoded and checked for shape. Each parameter is
 * a JSON-encoded string; anything malformed is a 400 naming the parameter, never a 500.
 * What needs the entity's columns (unknown fields, value per column kind) is checked by runList.
 */
import { badRequest } from '@comptoir/sdk';

export const FILTER_MODES = ['contains', 'eq', 'neq', 'in', 'gt', 'gte', 'lt', 'lte', 'between', 'exists'] as const;
export type FilterMode = (typeof FILTER_MODES)[number];

export interface FilterParam {
  /** the API path: `name`, `fk.company` */
  field: string;
  mode: FilterMode;
  /** false when the client sent no mode: runList may then pick `eq` from the column kind */
  explicitMode: boolean;
  value?: unknown;
  valueIsObjectId: boolean;
  valueIsDate: boolean;
  startDate?: unknown;
  endDate?: unknown;
}

export interface SortParam { field: string; ascending: boolean }

export interface PaginationParam {
  quantity: number;
  page: number;
  /** when present, keyset pagination after the row it names; `page` is then ignored */
  cursor?: string;
}

export interface AggregationParam {
  name: string;
  field: string;
  sum: boolean;
  avg: boolean;
  /** `currency` rounds the average to the cent */
  mode?: string;
}

export interface ListParams {
  filters: FilterParam[];
  pagination: PaginationParam;
  sort: SortParam;
  aggregations: AggregationParam[];
  /** full-text search over the user properties flagged `fullTextSearch` (user-prop-columns.ts) */
  search?: string;
  /**
   * the fields each row of the answer carries (http README « Lists », `fields`): only their
   * columns are read and decoded; absent, the whole record. Checked against the entity by runList.
   */
  fields?: string[];
}

export const DEFAULT_QUANTITY = 50;
export const MAX_QUANTITY = 500;

const HEX24 = /^[0-9a-fA-F]{24}$/;
export const isObjectIdString = (v: unknown): v is string => typeof v === 'string' && HEX24.test(v);

/** http README « Lists »: `_id`, `customerId`, `idCard`... name an identifier when they hold one. */
export function looksLikeIdField(path: string): boolean {
  const last = path.split('.').pop() ?? path;
  return /^id|id$/i.test(last);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function fail(param: string, message: string): never {
  throw badRequest(message, [{ field: param, message }]);
}

/** The raw value of one query parameter, JSON-decoded; undefined when absent. */
function decodeParam(query: Record<string, unknown>, param: string): unknown {
  const raw = query[param];
  if (raw === undefined || raw === null || raw === '') return undefined;
  // Koa gives an array of strings when the parameter is repeated: ambiguous, refused; an array of
  // objects is an internal caller's decoded `aggregations` (ListParams), taken as is below
  if (Array.isArray(raw) && raw.some((x) => typeof x === 'string')) fail(param, `Le paramètre « ${param} » est donné plusieurs fois.`);
  // already decoded (internal callers): taken as is
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    fail(param, `Le paramètre « ${param} » n'est pas un JSON valide.`);
  }
}

function parsePagination(v: unknown): PaginationParam {
  if (v === undefined) return { quantity: DEFAULT_QUANTITY, page: 1 };
  if (!isPlainObject(v)) fail('pagination', 'Le paramètre « pagination » doit être un objet { quantity, page } ou { quantity, cursor }.');
  const quantity = v.quantity ?? DEFAULT_QUANTITY;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
    fail('pagination', `Le paramètre « pagination » : « quantity » doit être un entier entre 1 et ${MAX_QUANTITY}.`);
  }
  const page = v.page ?? 1;
  if (typeof page !== 'number' || !Number.isSafeInteger(page) || page < 1) {
    fail('pagination', 'Le paramètre « pagination » : « page » doit être un entier supérieur ou égal à 1.');
  }
  const out: PaginationParam = { quantity, page };
  if (v.cursor !== undefined && v.cursor !== null) {
    if (typeof v.cursor !== 'string' || v.cursor === '') fail('pagination', 'Le paramètre « pagination » : « cursor » doit être une chaîne.');
    out.cursor = v.cursor;
  }
  return out;
}

function parseSort(v: unknown): SortParam {
  if (v === undefined) return { field: '_id', ascending: true };
  if (!isPlainObject(v)) fail('sort', 'Le paramètre « sort » doit être un objet { field, ascending }.');
  const field = v.field ?? '_id';
  if (typeof field !== 'string' || field === '') fail('sort', 'Le paramètre « sort » : « field » doit être un nom de champ.');
  const ascending = v.ascending ?? true;
  if (typeof ascending !== 'boolean') fail('sort', 'Le paramètre « sort » : « ascending » doit valoir true ou false.');
  return { field, ascending };
}

function parseFilter(field: string, v: unknown): FilterParam {
  const param = `filters.${field}`;
  if (!isPlainObject(v)) fail(param, `Le filtre « ${field} » doit être un objet { mode, value }.`);
  for (const flag of ['valueIsObjectId', 'valueIsDate'] as const) {
    if (v[flag] !== undefined && typeof v[flag] !== 'boolean') fail(param, `Le filtre « ${field} » : « ${flag} » doit valoir true ou false.`);
  }
  const valueIsObjectId = v.valueIsObjectId === true;
  const valueIsDate = v.valueIsDate === true;
  let mode: FilterMode;
  const explicitMode = v.mode !== undefined && v.mode !== null;
  if (explicitMode) {
    if (!FILTER_MODES.includes(v.mode as FilterMode)) {
      fail(param, `Le filtre « ${field} » : mode « ${String(v.mode)} » inconnu (modes : ${FILTER_MODES.join(', ')}).`);
    }
    mode = v.mode as FilterMode;
  } else {
    // http README « Lists »: an identifier is matched exactly, not searched
    if (valueIsObjectId || (looksLikeIdField(field) && isObjectIdString(v.value))) mode = 'eq';
    // a date range sent without a mode would otherwise be a search for nothing
    else if (valueIsDate && (v.startDate !== undefined || v.endDate !== undefined)) mode = 'between';
    else mode = 'contains';
  }
  if (valueIsObjectId && mode !== 'exists') {
    const values = Array.isArray(v.value) ? v.value : [v.value];
    if (!values.every(isObjectIdString)) {
      fail(param, `Le filtre « ${field} » : identifiant invalide (24 caractères hexadécimaux attendus).`);
    }
  }
  return {
    field, mode, explicitMode, value: v.value, valueIsObjectId, valueIsDate, startDate: v.startDate, endDate: v.endDate,
  };
}

function parseFilters(v: unknown): FilterParam[] {
  if (v === undefined) return [];
  if (!isPlainObject(v)) fail('filters', 'Le paramètre « filters » doit être un objet { "<champ>": { mode, value } }.');
  return Object.entries(v).map(([field, f]) => parseFilter(field, f));
}

function parseAggregations(v: unknown): AggregationParam[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) fail('aggregations', 'Le paramètre « aggregations » doit être une liste [{ name, field }].');
  const names = new Set<string>();
  return v.map((a, i) => {
    if (!isPlainObject(a)) fail('aggregations', `Le paramètre « aggregations » : l'élément ${i + 1} doit être un objet { name, field }.`);
    const { name, field, sum = true, avg = true, mode } = a;
    if (typeof name !== 'string' || name === '') fail('aggregations', `Le paramètre « aggregations » : l'élément ${i + 1} n'a pas de « name ».`);
    if (names.has(name)) fail('aggregations', `Le paramètre « aggregations » : le nom « ${name} » est donné deux fois.`);
    names.add(name);
    if (typeof field !== 'string' || field === '') fail('aggregations', `Le paramètre « aggregations » : « ${name} » n'a pas de « field ».`);
    if (typeof sum !== 'boolean' || typeof avg !== 'boolean') {
      fail('aggregations', `Le paramètre « aggregations » : « sum » et « avg » de « ${name} » doivent valoir true ou false.`);
    }
    if (mode !== undefined && mode !== null && typeof mode !== 'string') {
      fail('aggregations', `Le paramètre « aggregations » : « mode » de « ${name} » doit être une chaîne.`);
    }
    const out: AggregationParam = { name, field, sum, avg };
    if (typeof mode === 'string') out.mode = mode;
    return out;
  });
}

export const MAX_SEARCH_LENGTH = 200;

/**
 * `search`: JSON-encoded like the others (`"dupont"`), or plain text as the SDK client sends a
 * string parameter; blank is no search.
 */
function parseSearch(query: Record<string, unknown>): string | undefined {
  const raw = query.search;
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (Array.isArray(raw)) fail('search', 'Le paramètre « search » est donné plusieurs fois.');
  let v: unknown = raw;
  if (typeof raw === 'string') {
    try { v = JSON.parse(raw); } catch { v = raw; }
    if (typeof v !== 'string' && typeof v !== 'number') v = raw;
  }
  if (typeof v === 'number') v = String(v);
  if (typeof v !== 'string') fail('search', 'Le paramètre « search » doit être un texte.');
  const text = v.trim();
  if (Array.from(text).length > MAX_SEARCH_LENGTH) fail('search', `Le paramètre « search » : au plus ${MAX_SEARCH_LENGTH} caractères.`);
  return text === '' ? undefined : text;
}

export const MAX_FIELDS = 100;

/** `fields`: a JSON list of field names (`["numberFull","date"]`); absent or empty, whole records. */
function parseFields(v: unknown): string[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || !v.every((f) => typeof f === 'string' && f !== '')) {
    fail('fields', 'Le paramètre « fields » doit être une liste de noms de champs ["numberFull", "date", …].');
  }
  if (v.length > MAX_FIELDS) fail('fields', `Le paramètre « fields » : au plus ${MAX_FIELDS} champs.`);
  return v.length === 0 ? undefined : [...new Set(v as string[])];
}

export function parseListParams(query: Record<string, unknown>): ListParams {
  const out: ListParams = {
    filters: parseFilters(decodeParam(query, 'filters')),
    pagination: parsePagination(decodeParam(query, 'pagination')),
    sort: parseSort(decodeParam(query, 'sort')),
    aggregations: parseAggregations(decodeParam(query, 'aggregations')),
  };
  const search = parseSearch(query);
  if (search !== undefined) out.search = search;
  // an internal caller's ListParams gives `fields` already decoded (a list of strings, which the
  // repeated-parameter check of decodeParam would refuse); from a URL it is one JSON string
  const fields = parseFields(Array.isArray(query.fields) ? query.fields : decodeParam(query, 'fields'));
  if (fields) out.fields = fields;
  return out;
}
