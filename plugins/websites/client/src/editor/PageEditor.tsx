/**
 * The page editor (README « Editor »), GrapesJS in the shell, loaded lazily by EditorScreen: this
 * module and GrapesJS are one chunk that only this screen downloads (visitors never do).
 *
 * - the palette is the server's block types (`GET /block-types`: the catalogue and the blocks of
 *   other plugins through `websiteBlocks`), each a GrapesJS block dropping one of our components;
 * - a block's params are its traits (kind → trait type); the canvas shows each block as the server
 *   draws it (`POST /websites/:id/preview`), redrawn when a setting changes, inside the site's
 *   template CSS and variant colours (`GET /websites/:id/editor-styles`);
 * - a text block is written in place with GrapesJS's rich-text editor; the server sanitises it;
 * - storage is a GrapesJS storage of our own (`comptoir`) talking to `/websites/layouts/:id`: it
 *   loads our tree as components and stores the components mapped back to our tree (tree-map.ts);
 * - undo/redo (GrapesJS's UndoManager), three devices for the responsive preview.
 */
import { useEffect, useRef, useState } from 'react';
import { grapesjs, type Component, type Editor } from 'grapesjs';
import fr from 'grapesjs/locale/fr.mjs';
import 'grapesjs/dist/css/grapes.min.css';
import { Alert, Button, Group, SegmentedControl, Text } from '@mantine/core';
import { LAYOUTS, WEBSITES, errorText, type PageLayout } from '../api.ts';
import {
  IN_PLACE_TEXT, SETTING_PREFIX, TYPES, flatParams, fromComponents, newBlockComponent, toComponents,
  type BlockTypeInfo, type NodeLike, type ParamView,
} from './tree-map.ts';
import './editor.css';

interface Api {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  upload<T>(path: string, fields: Record<string, unknown>, files: File[]): Promise<T>;
}

/** the kernel's files: an upload answers the File with its attachments (what image settings hold) */
const FILES = '/kernel/files';

export interface PageEditorProps {
  api: Api;
  websiteId: string;
  layout: PageLayout;
  blockTypes: BlockTypeInfo[];
  /** the template's CSS and the variant's colours, drawn in the canvas */
  css: string;
  readOnly: boolean;
  onSaved(layout: PageLayout): void;
}

const CATEGORIES: Record<string, string> = {
  content: 'Contenu', navigation: 'Navigation', presentation: 'Présentation', presentation_header: 'En-têtes', business: 'Métier', layout: 'Mise en page',
};

const DEVICES = [
  { id: 'desktop', name: 'Ordinateur', width: '' },
  { id: 'tablet', name: 'Tablette', width: '768px', widthMedia: '992px' },
  { id: 'mobile', name: 'Téléphone', width: '375px', widthMedia: '480px' },
];

/** the canvas's own rules: empty places stay visible and droppable */
const CANVAS_CSS = `
.c-container:empty,.c-container-fluid:empty,.c-row:empty,.c-col:empty{min-height:64px;outline:1px dashed #b0b7c3;outline-offset:-4px}
.c-col:empty::after{content:'Déposez un bloc ici';display:block;padding:20px;color:#6b7280;font:14px system-ui;text-align:center}
[data-gjs-type="cpt-block"]{min-height:24px}
[data-gjs-type="cpt-block"] a{pointer-events:none}
`;

/** A setting kind → a GrapesJS trait (null: the setting is kept but not edited here). */
function traitOf(p: ParamView): Record<string, unknown> | null {
  // the trait shows the default when the block has no value of its own (mapped back: « not set »)
  const base = { name: SETTING_PREFIX + p.name, label: p.label, changeProp: true, ...(p.default !== undefined && typeof p.default !== 'object' ? { default: p.default } : {}) };
  if (p.choices?.length) return { ...base, type: 'select', options: p.choices.map((c) => ({ id: String(c.value), label: c.label })) };
  switch (p.kind) {
    case 'boolean': return { ...base, type: 'checkbox' };
    case 'number': return { ...base, type: 'number', min: p.min, max: p.max };
    case 'color': return { ...base, type: 'color' };
    case 'string': case 'date': case 'id': return { ...base, type: 'text' };
    case 'rich-text': return { ...base, type: 'cpt-textarea' };
    // an image or a PDF of a block: uploaded to the kernel's files, the setting holds the attachment
    case 'custom':
      if (/image|thumbnail/i.test(p.name)) return { ...base, type: 'cpt-file', accept: 'image/*' };
      if (p.name === 'file') return { ...base, type: 'cpt-file', accept: 'application/pdf' };
      return null;
    default: return null;
  }
}

function adapt(c: Component): NodeLike {
  return {
    type: c.get('type') ?? '',
    get: (prop) => c.get(prop),
    props: () => c.attributes as Record<string, unknown>,
    children: () => c.components().map(adapt),
    innerHtml: () => c.getInnerHTML(),
  };
}

const newId = () => (globalThis.crypto?.randomUUID?.() ?? `b-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`);

/** Our component types, the storage to our API, the palette: one GrapesJS plugin. */
function comptoirPlugin(props: PageEditorProps, types: Map<string, BlockTypeInfo>) {
  const { api, websiteId } = props;
  return (editor: Editor) => {
    const dc = editor.DomComponents;
    const nodeClass = (type: string, node: Record<string, unknown>) => {
      if (type === TYPES.container) return node.fluid ? 'c-container-fluid' : 'c-container';
      if (type === TYPES.row) return 'c-row';
      return typeof node.size === 'number' ? `c-col c-col-${node.size}` : 'c-col';
    };
    for (const [type, name] of [[TYPES.container, 'Section'], [TYPES.row, 'Rangée'], [TYPES.col, 'Colonne']] as const) {
      dc.addType(type, {
        model: {
          defaults: { tagName: 'div', name, cptNode: {}, droppable: true, stylable: false, copyable: true },
          init(this: Component) { this.addClass(nodeClass(type, (this.get('cptNode') ?? {}) as Record<string, unknown>)); },
        },
      });
    }

    const traitsFor = (blockType: string, skip?: string) =>
      flatParams(types.get(blockType)?.params ?? []).filter((p) => p.name !== skip).map(traitOf).filter((t): t is Record<string, unknown> => !!t);

    dc.addType(TYPES.block, {
      model: {
        defaults: { tagName: 'div', droppable: false, editable: false, stylable: false, cptNode: {}, blockType: '' },
        init(this: Component) {
          this.setTraits(traitsFor(String(this.get('blockType'))) as never);
          this.addAttributes({ 'data-block-type': String(this.get('blockType')) });
        },
      },
      view: {
        init(this: { model: Component; listenTo: (m: Component, e: string, f: () => void) => void; schedule: () => void }) {
          // a setting changed: the server draws the block again (a burst of keystrokes draws once)
          this.listenTo(this.model, 'change', () => this.schedule());
        },
        schedule(this: { model: Component; timer?: ReturnType<typeof setTimeout>; draw: () => Promise<void> }) {
          clearTimeout(this.timer);
          this.timer = setTimeout(() => { void this.draw(); }, 250);
        },
        async draw(this: { model: Component; el: HTMLElement; drawn?: string }) {
          const settings: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(this.model.attributes as Record<string, unknown>)) if (k.startsWith(SETTING_PREFIX)) settings[k.slice(SETTING_PREFIX.length)] = v;
          const key = JSON.stringify(settings);
          if (key === this.drawn) return;
          this.drawn = key;
          try {
            const clean = fromComponents([adapt(this.model)], types, newId)[0]?.rows?.[0]?.cols?.[0]?.contents?.[0]?.settings ?? settings;
            const { html } = await api.post<{ html: string }>(`${WEBSITES}/${websiteId}/preview`, { type: this.model.get('blockType'), settings: clean });
            // the server's HTML, sanitised there; an empty block still shows where it is
            this.el.innerHTML = html || `<p style="padding:12px;color:#6b7280">${escapeText(String(this.model.get('name') ?? ''))}</p>`;
          } catch (e) {
            this.el.innerHTML = `<p style="padding:12px;color:#b91c1c">${escapeText(errorText(e))}</p>`;
          }
        },
        onRender(this: { drawn?: string; draw: () => Promise<void> }) {
          this.drawn = undefined;
          void this.draw();
        },
      },
    });

    dc.addType(TYPES.text, {
      extend: 'text',
      model: {
        defaults: { droppable: false, stylable: false, cptNode: {}, blockType: '' },
        init(this: Component) {
          const blockType = String(this.get('blockType'));
          this.setTraits(traitsFor(blockType, IN_PLACE_TEXT[blockType]) as never);
          this.addClass('c-text');
          this.addAttributes({ 'data-block-type': blockType });
        },
      },
    });

    editor.TraitManager.addType('cpt-textarea', {
      createInput({ trait }) {
        const el = document.createElement('textarea');
        el.rows = 6;
        el.setAttribute('aria-label', String(trait.get('label') ?? ''));
        return el;
      },
      onEvent({ elInput, component, trait }) {
        component.set(trait.getName(), (elInput as unknown as HTMLTextAreaElement).value);
      },
      onUpdate({ elInput, component, trait }) {
        (elInput as unknown as HTMLTextAreaElement).value = String(component.get(trait.getName()) ?? '');
      },
    });

    editor.TraitManager.addType('cpt-file', {
      createInput({ trait, component }) {
        const el = document.createElement('div');
        el.className = 'cpt-file-trait';
        const input = document.createElement('input');
        input.type = 'file';
        input.accept = String((trait.attributes as Record<string, unknown>).accept ?? '');
        input.setAttribute('aria-label', String(trait.get('label') ?? ''));
        const status = document.createElement('div');
        status.className = 'cpt-file-status';
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.textContent = 'Retirer';
        input.addEventListener('change', () => {
          const file = input.files?.[0];
          if (!file) return;
          status.textContent = 'Envoi…';
          api.upload<{ attachments: { name?: string }[] }>(FILES, { name: file.name, description: 'Fichier d’un site web' }, [file])
            .then((stored) => { component.set(trait.getName(), stored.attachments[0]); input.value = ''; })
            .catch((e: unknown) => { status.textContent = errorText(e); });
        });
        // unset: the block's default applies (no image)
        remove.addEventListener('click', () => component.set(trait.getName(), undefined));
        el.append(input, status, remove);
        return el;
      },
      onUpdate({ elInput, component, trait }) {
        const value = component.get(trait.getName()) as { name?: string } | undefined;
        const status = (elInput as unknown as HTMLElement).querySelector('.cpt-file-status');
        if (status) status.textContent = value ? (value.name ?? 'Fichier choisi') : 'Aucun fichier';
      },
    });

    editor.Storage.add('comptoir', {
      async load() {
        const layout = await api.get<PageLayout>(`${LAYOUTS}/${props.layout._id}`);
        return { pages: [{ id: 'page', component: { type: 'wrapper', components: toComponents(layout.contents, types) } }] };
      },
      async store() {
        const contents = fromComponents(editor.getWrapper()!.components().map(adapt), types, newId);
        const saved = await api.put<PageLayout>(`${LAYOUTS}/${props.layout._id}`, { name: props.layout.name, contents });
        props.onSaved(saved);
        return saved;
      },
    });

    const bm = editor.Blocks;
    for (const info of types.values()) {
      bm.add(`cpt-${info.identifier}`, {
        label: info.name, category: CATEGORIES[info.category] ?? info.category, content: newBlockComponent(info) as never,
        attributes: { title: info.description ?? info.name, 'data-block-type': info.identifier },
      });
    }
    bm.add('cpt-columns-2', {
      label: 'Deux colonnes', category: CATEGORIES.layout, attributes: { title: 'Une rangée de deux colonnes égales', 'data-block-type': 'columns-2' },
      content: { type: TYPES.container, cptNode: { fluid: false }, components: [{ type: TYPES.row, cptNode: {}, components: [{ type: TYPES.col, cptNode: { size: 6 } }, { type: TYPES.col, cptNode: { size: 6 } }] }] } as never,
    });
  };
}

const escapeText = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export default function PageEditor(props: PageEditorProps) {
  const canvasRef = useRef<HTMLDivElement>(null);
  const blocksRef = useRef<HTMLDivElement>(null);
  const traitsRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const [device, setDevice] = useState('desktop');
  const [state, setState] = useState<{ saving: boolean; error: string | null; saved: boolean; dirty: boolean }>({ saving: false, error: null, saved: false, dirty: false });
  // what the undo manager can do, read when the editor changes (not from the ref during render)
  const [history, setHistory] = useState({ undo: false, redo: false });

  useEffect(() => {
    const types = new Map(props.blockTypes.map((t) => [t.identifier, t]));
    const editor = grapesjs.init({
      container: canvasRef.current!,
      height: '100%',
      width: 'auto',
      fromElement: false,
      // no icon font from a CDN, no telemetry: the shell's policy allows our origin only, and the editor needs neither
      cssIcons: '',
      telemetry: false,
      i18n: { locale: 'fr', detectLocale: false, messages: { fr } },
      storageManager: { type: 'comptoir', autosave: false, autoload: true },
      panels: { defaults: [] },
      blockManager: { appendTo: blocksRef.current! },
      traitManager: { appendTo: traitsRef.current! },
      styleManager: { sectors: [] },
      deviceManager: { devices: DEVICES },
      protectedCss: `* { box-sizing: border-box; } body { margin: 0; }\n${props.css}\n${CANVAS_CSS}`,
      plugins: [comptoirPlugin(props, types)],
    });
    editorRef.current = editor;
    // any change to the page (not the first load) is something to save; undo/redo states follow
    const follow = () => setHistory({ undo: editor.UndoManager.hasUndo(), redo: editor.UndoManager.hasRedo() });
    editor.on('update', () => { setState((s) => (s.dirty ? s : { ...s, dirty: true, saved: false })); follow(); });
    editor.on('change:changesCount undo redo', follow);
    return () => { editor.destroy(); editorRef.current = null; };
    // the editor is built once per layout; a new layout is a new key (EditorScreen)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function save() {
    const editor = editorRef.current;
    if (!editor) return;
    setState({ saving: true, error: null, saved: false, dirty: true });
    try {
      await editor.store();
      setState({ saving: false, error: null, saved: true, dirty: false });
    } catch (e) {
      setState({ saving: false, error: errorText(e), saved: false, dirty: true });
    }
  }

  const undo = () => { editorRef.current?.UndoManager.undo(); };
  const redo = () => { editorRef.current?.UndoManager.redo(); };
  return (
    <div className="cpt-editor" data-testid="page-editor">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Button variant="default" size="xs" disabled={!history.undo} onClick={undo}>Annuler</Button>
          <Button variant="default" size="xs" disabled={!history.redo} onClick={redo}>Rétablir</Button>
          <SegmentedControl size="xs" value={device} aria-label="Aperçu"
            data={DEVICES.map((d) => ({ value: d.id, label: d.name }))}
            onChange={(v) => { setDevice(v); editorRef.current?.setDevice(v); }} />
        </Group>
        <Group gap="xs">
          {state.saved && <Text size="sm" c="green" data-testid="editor-saved">Mise en page enregistrée.</Text>}
          {state.dirty && !state.saved && <Text size="sm" c="dimmed">Modifications non enregistrées</Text>}
          {!props.readOnly && <Button size="xs" loading={state.saving} onClick={() => void save()}>Enregistrer</Button>}
        </Group>
      </Group>
      {state.error && <Alert color="red" title="Enregistrement impossible" mb="xs">{state.error}</Alert>}
      <div className="cpt-editor-body">
        <aside className="cpt-editor-side" aria-label="Blocs" data-testid="editor-blocks" ref={blocksRef} />
        <div className="cpt-editor-canvas" data-testid="editor-canvas"><div ref={canvasRef} /></div>
        <aside className="cpt-editor-side" aria-label="Réglages du bloc" data-testid="editor-traits">
          <Text size="sm" fw={600} p="xs">Réglages du bloc sélectionné</Text>
          <div ref={traitsRef} />
        </aside>
      </div>
    </div>
  );
}
