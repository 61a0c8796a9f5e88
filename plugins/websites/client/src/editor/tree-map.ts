/**
 * Our layout tree ⇄ GrapesJS components (README « Editor »). The layout is stored in our format
 * (Container → Row → Col → Content), never as GrapesJS's HTML: the server stays the one renderer.
 *
 * - each node becomes a component of our types (`cpt-container`, `cpt-row`, `cpt-col`,
 *   `cpt-block`; `cpt-text` for a block whose rich text is edited in place), its own fields kept
 *   in the `cptNode` prop so that what the editor does not show (styles, locations, the `main`
 *   flag, a stored block's id) comes back unchanged;
 * - a block's settings are props `cpt_<name>` (GrapesJS traits edit them with `changeProp`; a
 *   setting without a trait, a FAQ's items, an image, rides along untouched);
 * - back to the tree, whatever the user dropped where is made a valid tree: a block dropped on the
 *   page gets its own container, row and column; a container dropped in a column gives its blocks
 *   to that column. Pure code, no GrapesJS import: tested in Node (test/editor-map.test.ts).
 */
import type { LayoutCol, LayoutContainer, LayoutContent, LayoutRow } from '../../../schemas/layout.ts';

export const TYPES = { container: 'cpt-container', row: 'cpt-row', col: 'cpt-col', block: 'cpt-block', text: 'cpt-text' } as const;
export const SETTING_PREFIX = 'cpt_';

/** block types whose rich text is written in the canvas (GrapesJS's RTE), and the setting it fills */
export const IN_PLACE_TEXT: Record<string, string> = { 'simple-html': 'content' };

export interface ParamView { name: string; label: string; kind: string; default?: unknown; choices?: { value: string | number; label: string }[]; min?: number; max?: number; params?: ParamView[] }
export interface BlockTypeInfo { identifier: string; name: string; description?: string; category: string; params: ParamView[]; plugin: string }

/** A GrapesJS component definition (what `editor.setComponents` and block contents take). */
export interface ComponentDef { type: string; components?: ComponentDef[] | string; [prop: string]: unknown }

/** What the mapping back needs of a GrapesJS component (an adapter in PageEditor.tsx, plain objects in tests). */
export interface NodeLike {
  type: string;
  get(prop: string): unknown;
  props(): Record<string, unknown>;
  children(): NodeLike[];
  innerHtml(): string;
}

export const flatParams = (params: ParamView[]): ParamView[] => params.flatMap((p) => (p.kind === 'param-section' ? flatParams(p.params ?? []) : [p]));

const settingProps = (settings: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(settings ?? {}).map(([k, v]) => [SETTING_PREFIX + k, v]));

/** The component of one content (a block placed in a column). */
export function contentComponent(c: Pick<LayoutContent, 'type'> & Partial<LayoutContent>, info?: BlockTypeInfo): ComponentDef {
  const { settings, type, ...node } = c;
  const textSetting = IN_PLACE_TEXT[type];
  const label = info?.name ?? type;
  if (textSetting) {
    const withDefault = settings?.[textSetting] ?? info?.params.find((p) => p.name === textSetting)?.default ?? '';
    const { [textSetting]: _text, ...rest } = settings ?? {};
    return { type: TYPES.text, blockType: type, cptNode: node, name: label, ...settingProps(rest), components: String(withDefault) };
  }
  return { type: TYPES.block, blockType: type, cptNode: node, name: label, ...settingProps(settings) };
}

/** A fresh block as the palette drops it: a container of one row of one column holding it. */
export function newBlockComponent(info: BlockTypeInfo): ComponentDef {
  return wrapInContainer(contentComponent({ type: info.identifier, settings: {} }, info));
}

const wrapInCol = (block: ComponentDef): ComponentDef => ({ type: TYPES.col, cptNode: {}, components: [block] });
const wrapInRow = (col: ComponentDef): ComponentDef => ({ type: TYPES.row, cptNode: {}, components: [col] });
const wrapInContainer = (block: ComponentDef): ComponentDef => ({ type: TYPES.container, cptNode: { fluid: false }, components: [wrapInRow(wrapInCol(block))] });

export function toComponents(tree: LayoutContainer[] | undefined, types: Map<string, BlockTypeInfo>): ComponentDef[] {
  return (tree ?? []).map(({ rows, ...container }) => ({
    type: TYPES.container, cptNode: container,
    components: (rows ?? []).map(({ cols, ...row }) => ({
      type: TYPES.row, cptNode: row,
      components: (cols ?? []).map(({ contents, ...col }) => ({
        type: TYPES.col, cptNode: col,
        components: [...(contents ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0)).map((c) => contentComponent(c, types.get(c.type))),
      })),
    })),
  }));
}

const isBlock = (n: NodeLike) => n.type === TYPES.block || n.type === TYPES.text;
const nodeOf = (n: NodeLike) => ({ ...((n.get('cptNode') as Record<string, unknown> | undefined) ?? {}) });

/** A setting as its param's kind wants it (traits answer strings). */
function coerce(param: ParamView | undefined, value: unknown): unknown {
  if (!param || value === undefined || value === null) return value;
  // an emptied colour, number, date or reference is « not set » (its default applies), not a bad value
  if (value === '' && param.kind !== 'string' && param.kind !== 'rich-text') return undefined;
  if (param.kind === 'number') {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  if (param.kind === 'boolean') return value === true || value === 'true' || value === 'on';
  return value;
}

function contentOf(n: NodeLike, position: number, types: Map<string, BlockTypeInfo>, newId: () => string): LayoutContent {
  const type = String(n.get('blockType'));
  const params = new Map(flatParams(types.get(type)?.params ?? []).map((p) => [p.name, p]));
  const settings: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(n.props())) {
    if (!k.startsWith(SETTING_PREFIX)) continue;
    const name = k.slice(SETTING_PREFIX.length);
    const param = params.get(name);
    const value = coerce(param, v);
    // a value equal to its default is left unset: the block keeps following the catalogue's default
    if (value !== undefined && !(param && param.default !== undefined && JSON.stringify(value) === JSON.stringify(param.default))) settings[name] = value;
  }
  const textSetting = IN_PLACE_TEXT[type];
  if (textSetting && n.type === TYPES.text) {
    const written = n.innerHtml();
    if (written !== params.get(textSetting)?.default) settings[textSetting] = written;
  }
  const node = nodeOf(n) as Partial<LayoutContent>;
  return { ...node, type, uuid: node.uuid || newId(), position, settings } as LayoutContent;
}

/** every block below `n`, depth first (what a column keeps of a container dropped into it) */
const blocksBelow = (n: NodeLike): NodeLike[] => (isBlock(n) ? [n] : n.children().flatMap(blocksBelow));

function colOf(n: NodeLike, types: Map<string, BlockTypeInfo>, newId: () => string): LayoutCol {
  const blocks = n.type === TYPES.col ? n.children().flatMap(blocksBelow) : blocksBelow(n);
  return { ...(n.type === TYPES.col ? nodeOf(n) : {}), contents: blocks.map((b, i) => contentOf(b, i, types, newId)) } as LayoutCol;
}

function rowOf(n: NodeLike, types: Map<string, BlockTypeInfo>, newId: () => string): LayoutRow {
  if (n.type !== TYPES.row) return { cols: [colOf(n, types, newId)] };
  const cols = n.children().flatMap((c): LayoutCol[] => {
    if (c.type === TYPES.row || c.type === TYPES.container) return c.children().flatMap((x) => (x.type === TYPES.row ? x.children() : [x])).map((x) => colOf(x, types, newId));
    return [colOf(c, types, newId)];
  });
  return { ...nodeOf(n), cols } as LayoutRow;
}

/** The wrapper's components back to our tree, made valid whatever was dropped where. */
export function fromComponents(top: NodeLike[], types: Map<string, BlockTypeInfo>, newId: () => string): LayoutContainer[] {
  return top.map((n): LayoutContainer => {
    if (n.type !== TYPES.container) return { fluid: false, rows: [rowOf(n, types, newId)] };
    const rows = n.children().flatMap((r) => (r.type === TYPES.container ? r.children() : [r])).map((r) => rowOf(r, types, newId));
    return { ...nodeOf(n), rows } as LayoutContainer;
  }).filter((c) => (c.rows ?? []).some((r) => (r.cols ?? []).length > 0) || c.locationName);
}
