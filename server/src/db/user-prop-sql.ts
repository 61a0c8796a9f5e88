/**
 * The SQL of user-property values, read out of each record's `userProps` JSON column, the same on
 * SQLite (json_extract, json_each) and MariaDB (JSON_EXTRACT, JSON_TABLE). Every value is read
 * through a guard on its JSON type, so a text never compares as a number (MariaDB would cast 'abc'
 * to 0): both engines answer the same rows. The expressions are also what the indexes are built
 * on (user-prop-indexes.ts), so an indexed property's filter and sort can use its index.
 */
import { createHash } from 'node:crypto';
import { userPropFamily, type UserPropType } from '@comptoir/schemas';

export type Engine = 'sqlite' | 'mysql';
/**
 * s: text, n: number, b: boolean, d: date (YYYY-MM-DD text, where the empty text of a date never
 * filled in reads as NULL: « before 31 January » must not list every customer without a date)
 */
export type SqlKind = 's' | 'n' | 'b' | 'd';

export function sqlKindOf(type: UserPropType): SqlKind {
  const family = userPropFamily(type);
  if (family === 'number') return 'n';
  if (family === 'boolean') return 'b';
  if (family === 'date') return 'd';
  return 's';
}

const SQLITE_TYPES: Record<SqlKind, string> = { s: "'text'", d: "'text'", n: "'integer', 'real'", b: "'true', 'false'" };
const MYSQL_TYPES: Record<SqlKind, string> = {
  s: "'STRING'", d: "'STRING'", n: "'INTEGER', 'UNSIGNED INTEGER', 'DOUBLE', 'DECIMAL'", b: "'BOOLEAN'",
};

function mysqlTyped(j: string, kind: SqlKind): string {
  if (kind === 'd') return `IF(JSON_TYPE(${j}) = 'STRING' AND JSON_UNQUOTE(${j}) <> '', JSON_UNQUOTE(${j}), NULL)`;
  const value = kind === 's' ? `JSON_UNQUOTE(${j})` : kind === 'n' ? `CAST(${j} AS DOUBLE)` : `(${j} = 'true')`;
  return `IF(JSON_TYPE(${j}) IN (${MYSQL_TYPES[kind]}), ${value}, NULL)`;
}

/** SQLite: the value of `extract` when `type` (its json_type) is one of the kind's */
function sqliteTyped(type: string, extract: string, kind: SqlKind): string {
  const empty = kind === 'd' ? ` AND ${extract} <> ''` : '';
  return `(CASE WHEN ${type} IN (${SQLITE_TYPES[kind]})${empty} THEN ${extract} END)`;
}

const quote = (engine: Engine, name: string) => (engine === 'mysql' ? `\`${name}\`` : `"${name}"`);

/**
 * The value of `variable` in a row of `table` (`table` null: unqualified, for index definitions).
 * `variable` matches USER_PROP_VARIABLE_PATTERN (letters, digits, underscore): safe in a path.
 */
export function valueSql(engine: Engine, table: string | null, variable: string, kind: SqlKind): string {
  const col = table ? `${quote(engine, table)}.${quote(engine, 'userProps')}` : quote(engine, 'userProps');
  const path = `'$.${variable}'`;
  if (engine === 'mysql') return mysqlTyped(`JSON_EXTRACT(${col}, ${path})`, kind);
  return sqliteTyped(`json_type(${col}, ${path})`, `json_extract(${col}, ${path})`, kind);
}

/** The value of one item of a list property, inside `eachItem`'s sub-query. */
export function itemSql(engine: Engine, kind: SqlKind): string {
  if (engine === 'mysql') return mysqlTyped('`__item`.`j`', kind);
  return sqliteTyped('"__item"."type"', '"__item"."value"', kind);
}

/**
 * The items of a list property as a table `__item` (one row per item; itemSql reads its value),
 * and the condition that the property is a list at all: json_each over a scalar would yield that
 * scalar, where MariaDB's '$[*]' yields nothing.
 */
export function itemsSource(engine: Engine, table: string, variable: string): { from: string; isList: string } {
  const col = `${quote(engine, table)}.${quote(engine, 'userProps')}`;
  if (engine === 'mysql') {
    return { from: `JSON_TABLE(${col}, '$.${variable}[*]' COLUMNS (\`j\` JSON PATH '$')) AS \`__item\``, isList: '1 = 1' };
  }
  return { from: `json_each(${col}, '$.${variable}') AS "__item"`, isList: `json_type(${col}, '$.${variable}') = 'array'` };
}

/**
 * `variable` as a part of an SQL identifier. Identifiers ignore case on both engines (columns and
 * indexes on MariaDB, every name on SQLite) while variables do not: `Code` and `code` are two
 * properties. A variable with capitals is therefore written in lower case plus 5 hex digits of its
 * hash (`uprop_s_code_1f2e3`: 64 characters at most with the longest variable, MariaDB's limit).
 */
export function identifierPart(variable: string): string {
  if (!/[A-Z]/.test(variable)) return variable;
  return `${variable.toLowerCase()}_${createHash('sha256').update(variable).digest('hex').slice(0, 5)}`;
}

/** The virtual generated column MariaDB indexes a property through (MariaDB has no functional index). */
export function generatedColumnName(variable: string, kind: SqlKind): string {
  return `uprop_${kind}_${identifierPart(variable)}`;
}

/** The SQL type of that column: a line of text fits VARCHAR(255) (longer texts are never indexed). */
export function generatedColumnSql(variable: string, kind: SqlKind): string {
  const value = valueSql('mysql', null, variable, kind);
  if (kind === 'n') return `DOUBLE AS (${value}) VIRTUAL`;
  if (kind === 'b') return `TINYINT AS (${value}) VIRTUAL`;
  // LEFT: another company's longer text under the same variable must not make its inserts fail
  return `VARCHAR(255) COLLATE utf8mb4_bin AS (LEFT(${value}, 255)) VIRTUAL`;
}
