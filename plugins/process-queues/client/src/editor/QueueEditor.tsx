/**
 * The queue editor (issue 20 item 2), loaded lazily with React Flow: a palette of the node types
 * of the queue's kind (drag onto the canvas, or pick with the keyboard), the canvas (connect an
 * exit's handle to a node's input), the side panel generated from the node type's configuration
 * schema, validation drawn on the nodes as one edits, undo/redo, copy/paste, auto-layout (dagre,
 * loaded on demand) and save.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type DragEvent } from 'react';
import {
  Background, Controls, MiniMap, ReactFlow, ReactFlowProvider, useReactFlow,
  type Connection, type Edge, type EdgeChange, type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Alert, Badge, Button, Group, Paper, ScrollArea, Stack, Switch, Text, TextInput, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { notifySaved, notifyFailed } from '@comptoir/sdk/ui';
import { QUEUES, errorText, kindLabel, type ConfiguredPlugin, type NodeTypeInfo, type ProcessQueue, type ValidationReport } from '../api.ts';
import { connect, displayName, history, newNode, pasteCopies, removeNodes, updateNode, type Graph } from './graph.ts';
import { nodeTypes, type QueueFlowNode } from './QueueNode.tsx';
import { SidePanel } from './SidePanel.tsx';
import { autoLayout } from './layout.ts';

const DRAG_TYPE = 'application/x-comptoir-queue-node';
const CLIPBOARD_KEY = 'comptoir.process-queues.clipboard';

export default function QueueEditor(props: { queue: ProcessQueue; types: NodeTypeInfo[]; canWrite: boolean }) {
  return (
    <ReactFlowProvider>
      <Editor {...props} />
    </ReactFlowProvider>
  );
}

function Editor({ queue, types, canWrite }: { queue: ProcessQueue; types: NodeTypeInfo[]; canWrite: boolean }) {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const flow = useReactFlow();
  const [hist, dispatch] = useReducer(history, { past: [], present: queue.plugins, future: [] });
  const graph = hist.present;
  const [name, setName] = useState(queue.name);
  const [activated, setActivated] = useState(queue.activated);
  const [saved, setSaved] = useState({ graph: queue.plugins, name: queue.name, activated: queue.activated });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [selectedEdges, setSelectedEdges] = useState<Set<string>>(new Set());
  const [measured, setMeasured] = useState<Record<string, { width: number; height: number }>>({});
  const [report, setReport] = useState<ValidationReport | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lastEdit = useRef<{ key: string; at: number } | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  const typeById = useMemo(() => new Map(types.map((t) => [t.identifier, t])), [types]);
  const palette = useMemo(() => types.filter((t) => t.typeIdentifier === queue.typeIdentifier), [types, queue.typeIdentifier]);
  const dirty = graph !== saved.graph || name !== saved.name || activated !== saved.activated;

  // validation as one edits: the server's own rules and French messages, a moment after the last change
  useEffect(() => {
    let stale = false;
    const timer = setTimeout(() => {
      api.post<ValidationReport>('/process-queues/validate', { typeIdentifier: queue.typeIdentifier, plugins: graph })
        .then((r) => { if (!stale) setReport(r); })
        .catch((e) => { if (!stale) setError(errorText(e)); });
    }, 300);
    return () => { stale = true; clearTimeout(timer); };
  }, [api, graph, queue.typeIdentifier]);

  const problemsOf = useMemo(() => {
    const errors = new Map<string, string[]>();
    const warnings = new Map<string, string[]>();
    for (const e of report?.errors ?? []) if (e.node) errors.set(e.node, [...(errors.get(e.node) ?? []), e.message]);
    for (const w of report?.warnings ?? []) if (w.node) warnings.set(w.node, [...(warnings.get(w.node) ?? []), w.message]);
    return { errors, warnings };
  }, [report]);

  const nodes: QueueFlowNode[] = useMemo(() => graph.map((n) => {
    const type = typeById.get(n.pluginIdentifier);
    return {
      id: n.uuid, type: 'queue', position: n.position ?? { x: 50, y: 50 }, selected: selected.has(n.uuid),
      ...(measured[n.uuid] ? { measured: measured[n.uuid] } : {}),
      ariaLabel: `Nœud ${displayName(n, type)}`,
      data: { node: n, type, name: displayName(n, type), errors: problemsOf.errors.get(n.uuid) ?? [], warnings: problemsOf.warnings.get(n.uuid) ?? [] },
    };
  }), [graph, typeById, selected, measured, problemsOf]);

  const edges: Edge[] = useMemo(() => graph.flatMap((n) => Object.entries(n.exits ?? {})
    .filter(([, t]) => t && graph.some((m) => m.uuid === t))
    .map(([exit, target]) => {
      const id = `${n.uuid}:${exit}`;
      return { id, source: n.uuid, sourceHandle: exit, target: target!, selected: selectedEdges.has(id), ariaLabel: `Sortie ${exit} de ${displayName(n, typeById.get(n.pluginIdentifier))}` };
    })), [graph, selectedEdges, typeById]);

  const commit = useCallback((next: Graph) => dispatch({ type: 'commit', graph: next }), []);

  /** an edit of one field: successive edits of the same field within a second are one undo step */
  const edit = useCallback((uuid: string, key: string, change: (n: ConfiguredPlugin) => ConfiguredPlugin) => {
    const now = Date.now();
    const same = lastEdit.current && lastEdit.current.key === `${uuid}:${key}` && now - lastEdit.current.at < 1000;
    lastEdit.current = { key: `${uuid}:${key}`, at: now };
    dispatch({ type: same ? 'replace' : 'commit', graph: updateNode(graph, uuid, change) });
  }, [graph]);

  const onNodesChange = useCallback((changes: NodeChange<QueueFlowNode>[]) => {
    let next = graph;
    const removed = new Set<string>();
    let sel: Set<string> | null = null;
    const sizes: Record<string, { width: number; height: number }> = {};
    for (const c of changes) {
      if (c.type === 'position' && c.position) next = updateNode(next, c.id, (n) => ({ ...n, position: { x: Math.round(c.position!.x), y: Math.round(c.position!.y) } }));
      else if (c.type === 'select') { sel ??= new Set(selected); if (c.selected) sel.add(c.id); else sel.delete(c.id); }
      else if (c.type === 'remove') removed.add(c.id);
      else if (c.type === 'dimensions' && c.dimensions) sizes[c.id] = c.dimensions;
    }
    if (Object.keys(sizes).length) setMeasured((m) => ({ ...m, ...sizes }));
    if (sel) setSelected(sel);
    if (!canWrite) return;
    if (removed.size) commit(removeNodes(next, removed));
    else if (next !== graph) dispatch({ type: 'replace', graph: next });
  }, [graph, selected, commit, canWrite]);

  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    let next = graph;
    let sel: Set<string> | null = null;
    for (const c of changes) {
      if (c.type === 'select') { sel ??= new Set(selectedEdges); if (c.selected) sel.add(c.id); else sel.delete(c.id); }
      if (c.type === 'remove' && canWrite) {
        const [source, exit] = c.id.split(':');
        next = connect(next, source, exit, null);
      }
    }
    if (sel) setSelectedEdges(sel);
    if (next !== graph) commit(next);
  }, [graph, selectedEdges, commit, canWrite]);

  const onConnect = useCallback((c: Connection) => {
    if (!canWrite || !c.sourceHandle) return;
    commit(connect(graph, c.source, c.sourceHandle, c.target));
  }, [graph, commit, canWrite]);

  const add = useCallback((type: NodeTypeInfo, position: { x: number; y: number }) => {
    const node = newNode(type, position);
    commit([...graph, node]);
    setSelected(new Set([node.uuid]));
  }, [graph, commit]);

  const onDrop = useCallback((e: DragEvent) => {
    e.preventDefault();
    const type = typeById.get(e.dataTransfer.getData(DRAG_TYPE));
    if (!type || !canWrite) return;
    const p = flow.screenToFlowPosition({ x: e.clientX, y: e.clientY });
    add(type, { x: p.x - 100, y: p.y - 30 });
  }, [typeById, flow, add, canWrite]);

  /** keyboard: the node goes to the middle of what the canvas shows, a little lower each time */
  const addAtCenter = (type: NodeTypeInfo) => {
    const box = wrapper.current?.getBoundingClientRect();
    const p = box ? flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }) : { x: 50, y: 50 };
    add(type, { x: p.x - 100 + (graph.length % 5) * 20, y: p.y - 30 + (graph.length % 5) * 20 });
  };

  const copy = useCallback(() => {
    const chosen = graph.filter((n) => selected.has(n.uuid));
    if (!chosen.length) return;
    sessionStorage.setItem(CLIPBOARD_KEY, JSON.stringify(chosen));
  }, [graph, selected]);

  const paste = useCallback(() => {
    let copied: ConfiguredPlugin[];
    try { copied = JSON.parse(sessionStorage.getItem(CLIPBOARD_KEY) ?? '[]'); } catch { copied = []; }
    const usable = copied.filter((n) => typeById.get(n.pluginIdentifier)?.typeIdentifier === queue.typeIdentifier);
    if (!usable.length || !canWrite) return;
    const copies = pasteCopies(usable, 40);
    commit([...graph, ...copies]);
    setSelected(new Set(copies.map((n) => n.uuid)));
  }, [graph, commit, typeById, queue.typeIdentifier, canWrite]);

  const layout = async () => {
    commit(await autoLayout(graph));
    setTimeout(() => flow.fitView({ padding: 0.2 }), 50);
  };

  const save = useCallback(async () => {
    setSaving(true);
    setError(null);
    try {
      const stored = await api.put<ProcessQueue>(`${QUEUES}/${queue._id}`, { name, activated, plugins: graph });
      setSaved({ graph, name: stored.name, activated: stored.activated });
      await invalidate(QUEUES);
      notifySaved('File enregistrée.');
    } catch (e) {
      setError(errorText(e));
      notifyFailed(e);
    } finally {
      setSaving(false);
    }
  }, [api, queue._id, name, activated, graph, invalidate]);

  const validateNow = async () => {
    try {
      const r = await api.post<ValidationReport>('/process-queues/validate', { typeIdentifier: queue.typeIdentifier, plugins: graph });
      setReport(r);
      setSelected(new Set());
    } catch (e) {
      setError(errorText(e));
    }
  };

  const onKeyDown = (e: globalThis.KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, [contenteditable="true"], [role="combobox"], [role="listbox"]')) return;
    const mod = e.ctrlKey || e.metaKey;
    if (!mod) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) { e.preventDefault(); dispatch({ type: 'undo' }); }
    else if ((key === 'z' && e.shiftKey) || key === 'y') { e.preventDefault(); dispatch({ type: 'redo' }); }
    else if (key === 'c') { e.preventDefault(); copy(); }
    else if (key === 'v') { e.preventDefault(); paste(); }
    else if (key === 's') { e.preventDefault(); if (canWrite) void save(); }
  };

  // shortcuts anywhere on the page while the editor is open (focus is often on the canvas' pane or on
  // nothing after a click), except in a text field, where they keep their usual meaning
  const keys = useRef(onKeyDown);
  useEffect(() => { keys.current = onKeyDown; });
  useEffect(() => {
    const listener = (e: globalThis.KeyboardEvent) => keys.current(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const selectOne = (uuid: string) => {
    setSelected(new Set([uuid]));
    const n = graph.find((x) => x.uuid === uuid);
    if (n) void flow.setCenter((n.position?.x ?? 50) + 100, (n.position?.y ?? 50) + 50, { zoom: flow.getZoom(), duration: 200 });
  };

  const single = selected.size === 1 ? graph.find((n) => selected.has(n.uuid)) ?? null : null;

  return (
    <Stack gap="xs" h="calc(100vh - 140px)" mih={520} data-testid="pq-editor">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <TextInput aria-label="Nom de la file" value={name} onChange={(e) => setName(e.currentTarget.value)} w={260} readOnly={!canWrite} />
          <Switch label="Activée" checked={activated} onChange={(e) => setActivated(e.currentTarget.checked)} disabled={!canWrite} />
          <Badge variant="light">{kindLabel(queue.typeIdentifier)}</Badge>
          {dirty && <Text size="xs" c="orange" data-testid="pq-dirty">Modifications non enregistrées</Text>}
        </Group>
        <Group gap="xs">
          <Tooltip label="Ctrl+Z"><Button variant="default" size="xs" onClick={() => dispatch({ type: 'undo' })} disabled={!hist.past.length}>Annuler</Button></Tooltip>
          <Tooltip label="Ctrl+Y"><Button variant="default" size="xs" onClick={() => dispatch({ type: 'redo' })} disabled={!hist.future.length}>Rétablir</Button></Tooltip>
          <Button variant="default" size="xs" onClick={copy} disabled={!selected.size}>Copier</Button>
          <Button variant="default" size="xs" onClick={paste} disabled={!canWrite}>Coller</Button>
          <Button variant="default" size="xs" onClick={() => void layout()} disabled={!canWrite || !graph.length}>Disposer automatiquement</Button>
          <Button variant="light" size="xs" onClick={() => void validateNow()}>Valider</Button>
          <Button size="xs" onClick={() => void save()} loading={saving} disabled={!canWrite || !dirty}>Enregistrer</Button>
        </Group>
      </Group>
      {error && <Alert color="red" withCloseButton onClose={() => setError(null)}>{error}</Alert>}
      <Group align="stretch" gap="xs" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <Paper withBorder w={180} style={{ flexShrink: 0 }}>
          <ScrollArea h="100%">
            <Stack gap={4} p="xs" role="list" aria-label="Types de nœuds">
              <Title order={3} size="h6">Nœuds</Title>
              {palette.map((t) => (
                <UnstyledButton key={t.identifier} role="listitem" draggable={canWrite} disabled={!canWrite}
                  data-testid="pq-palette-item" data-type={t.identifier}
                  onDragStart={(e) => { e.dataTransfer.setData(DRAG_TYPE, t.identifier); e.dataTransfer.effectAllowed = 'move'; }}
                  onClick={() => addAtCenter(t)}
                  aria-label={`Ajouter un nœud « ${t.name} »`}
                  style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6, padding: '4px 8px', cursor: 'grab' }}>
                  <Text size="sm" fw={500}>{t.name}</Text>
                  {t.description && <Text size="xs" c="dimmed" lineClamp={2}>{t.description}</Text>}
                </UnstyledButton>
              ))}
            </Stack>
          </ScrollArea>
        </Paper>
        <Paper withBorder style={{ flex: 1, minWidth: 0 }} ref={wrapper} onDragOver={(e) => { e.preventDefault(); e.dataTransfer.dropEffect = 'move'; }} onDrop={onDrop} data-testid="pq-canvas">
          <ReactFlow
            nodes={nodes} edges={edges} nodeTypes={nodeTypes}
            onNodesChange={onNodesChange} onEdgesChange={onEdgesChange} onConnect={onConnect}
            onNodeDragStart={() => dispatch({ type: 'checkpoint' })}
            onPaneClick={() => { setSelected(new Set()); setSelectedEdges(new Set()); }}
            deleteKeyCode={canWrite ? ['Delete', 'Backspace'] : null}
            nodesDraggable={canWrite} nodesConnectable={canWrite}
            // fitted to the stored graph only: on an empty queue React Flow would zoom onto the first node dropped
            fitView={queue.plugins.length > 0} fitViewOptions={{ padding: 0.2, maxZoom: 1 }} minZoom={0.2}
            defaultEdgeOptions={{ type: 'smoothstep' }}
            proOptions={{ hideAttribution: true }}
          >
            <Background />
            <Controls showInteractive={false} />
            <MiniMap pannable zoomable ariaLabel="Vue d’ensemble de la file" style={{ width: 120, height: 80 }} />
          </ReactFlow>
        </Paper>
        <Paper withBorder w={300} style={{ flexShrink: 0 }}>
          <SidePanel graph={graph} node={single} types={typeById} report={report}
            onEdit={canWrite ? edit : () => undefined}
            onWire={(uuid, exit, target) => canWrite && commit(connect(graph, uuid, exit, target))}
            onDelete={(uuid) => { if (!canWrite) return; commit(removeNodes(graph, new Set([uuid]))); setSelected(new Set()); }}
            onDuplicate={(uuid) => {
              const n = graph.find((x) => x.uuid === uuid);
              if (!n || !canWrite) return;
              const [copyNode] = pasteCopies([n], 40);
              commit([...graph, copyNode]);
              setSelected(new Set([copyNode.uuid]));
            }}
            onSelect={selectOne} />
        </Paper>
      </Group>
    </Stack>
  );
}
