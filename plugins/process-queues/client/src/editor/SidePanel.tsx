/**
 * The right-hand panel: the selected node (name, wiring of each exit, hidden exits, display, the
 * configuration form generated from its type's schema) or, with nothing selected, the queue's
 * validation problems, each a button that selects its node. Wiring an exit from a list here is the
 * keyboard's way to connect nodes.
 */
import { Badge, Button, Checkbox, Divider, Group, ScrollArea, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { ConfiguredPlugin, NodeTypeInfo, ValidationReport } from '../api.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { displayName } from './graph.ts';

const POSITIONS = [{ value: 'top', label: 'En haut' }, { value: 'bottom', label: 'En bas' }, { value: 'left', label: 'À gauche' }, { value: 'right', label: 'À droite' }];

export interface NodeEdit {
  /** a change of one field: successive edits of the same key are one undo step */
  (uuid: string, key: string, change: (n: ConfiguredPlugin) => ConfiguredPlugin): void;
}

export function SidePanel({ graph, node, types, report, onEdit, onWire, onDelete, onDuplicate, onSelect }: {
  graph: ConfiguredPlugin[];
  node: ConfiguredPlugin | null;
  types: Map<string, NodeTypeInfo>;
  report: ValidationReport | null;
  onEdit: NodeEdit;
  onWire: (uuid: string, exit: string, target: string | null) => void;
  onDelete: (uuid: string) => void;
  onDuplicate: (uuid: string) => void;
  onSelect: (uuid: string) => void;
}) {
  if (!node) return <Problems graph={graph} types={types} report={report} onSelect={onSelect} />;
  const type = types.get(node.pluginIdentifier);
  const settings = node.displaySettings ?? {};
  const hidden = new Set(settings.hiddenExits ?? []);
  const problems = report?.errors.filter((e) => e.node === node.uuid) ?? [];
  const targets = graph.map((n) => ({ value: n.uuid, label: `${displayName(n, types.get(n.pluginIdentifier))}${n.uuid === node.uuid ? ' (lui-même)' : ''}` }));
  const setSettings = (key: string, patch: Record<string, unknown>) => onEdit(node.uuid, `settings.${key}`, (n) => ({ ...n, displaySettings: { ...n.displaySettings, ...patch } }));
  return (
    <ScrollArea h="100%" data-testid="pq-panel">
      <Stack gap="sm" p="sm">
        <Title order={3} size="h5">{type?.name ?? 'Type inconnu'}</Title>
        {type?.description && <Text size="xs" c="dimmed">{type.description}</Text>}
        {problems.map((p, i) => <Text key={i} size="sm" c="red" role="alert">{p.message}</Text>)}
        <TextInput label="Nom du nœud" placeholder={type?.name} value={settings.name ?? ''} data-testid="pq-node-name"
          onChange={(e) => { const v = e.currentTarget.value; setSettings('name', { name: v }); }} />
        {type && type.exits.length > 0 && (
          <>
            <Divider label="Sorties" labelPosition="left" />
            {type.exits.map((e) => (
              <Group key={e.id} gap="xs" wrap="nowrap" align="end">
                <Select style={{ flex: 1 }} label={`${e.label}${e.description ? ` — ${e.description}` : ''}`} placeholder="Reliée à rien" clearable searchable
                  data={targets} value={node.exits?.[e.id] ?? null} data-exit={e.id} aria-label={`La sortie ${e.label} mène à`}
                  onChange={(v) => onWire(node.uuid, e.id, v)} />
                <Checkbox label="Masquée" checked={hidden.has(e.id)} mb={8}
                  onChange={(ev) => {
                    const on = ev.currentTarget.checked;
                    const next = on ? [...hidden, e.id] : [...hidden].filter((x) => x !== e.id);
                    setSettings(`hidden.${e.id}`, { hiddenExits: next });
                  }} />
              </Group>
            ))}
          </>
        )}
        {type && Object.keys((type.configurationSchema.properties ?? {}) as object).length > 0 && (
          <>
            <Divider label="Configuration" labelPosition="left" />
            <SchemaForm schema={type.configurationSchema} value={node.configuration ?? {}}
              onChange={(configuration) => onEdit(node.uuid, 'configuration', (n) => ({ ...n, configuration }))} />
          </>
        )}
        <Divider label="Affichage" labelPosition="left" />
        <Group grow>
          <Select label="Entrée" data={POSITIONS} value={settings.inputPosition ?? 'top'} allowDeselect={false} onChange={(v) => v && setSettings('input', { inputPosition: v })} />
          <Select label="Sorties" data={POSITIONS} value={settings.exitsPosition ?? 'bottom'} allowDeselect={false} onChange={(v) => v && setSettings('exits', { exitsPosition: v })} />
        </Group>
        <Switch label="Icône" checked={settings.showIcon !== false} onChange={(e) => setSettings('icon', { showIcon: e.currentTarget.checked })} />
        <Switch label="Séparateur" checked={settings.separator !== false} onChange={(e) => setSettings('separator', { separator: e.currentTarget.checked })} />
        <Switch label="Libellés des sorties" checked={settings.exitLabel !== false} onChange={(e) => setSettings('exitLabel', { exitLabel: e.currentTarget.checked })} />
        <Group>
          <Button variant="default" size="xs" onClick={() => onDuplicate(node.uuid)}>Dupliquer</Button>
          <Button color="red" variant="light" size="xs" onClick={() => onDelete(node.uuid)}>Supprimer le nœud</Button>
        </Group>
      </Stack>
    </ScrollArea>
  );
}

function Problems({ graph, types, report, onSelect }: { graph: ConfiguredPlugin[]; types: Map<string, NodeTypeInfo>; report: ValidationReport | null; onSelect: (uuid: string) => void }) {
  const name = (uuid: string | null) => {
    const n = graph.find((x) => x.uuid === uuid);
    return n ? displayName(n, types.get(n.pluginIdentifier)) : null;
  };
  return (
    <ScrollArea h="100%" data-testid="pq-problems">
      <Stack gap="xs" p="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">Validation</Title>
          {report && (report.valid
            ? <Badge color="green" data-testid="pq-valid">Valide</Badge>
            : <Badge color="red" data-testid="pq-invalid">{report.errors.length} erreur(s)</Badge>)}
        </Group>
        {!report && <Text size="sm" c="dimmed">Validation en cours…</Text>}
        {report?.valid && report.warnings.length === 0 && <Text size="sm">La file peut être exécutée.</Text>}
        {[...(report?.errors ?? []).map((p) => ({ ...p, level: 'error' as const })), ...(report?.warnings ?? []).map((p) => ({ ...p, level: 'warning' as const }))].map((p, i) => (
          <Button key={i} variant="subtle" color={p.level === 'error' ? 'red' : 'orange'} size="compact-sm" justify="start" h="auto" py={4}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }} data-testid={p.level === 'error' ? 'pq-error' : 'pq-warning'}
            disabled={!p.node} onClick={() => p.node && onSelect(p.node)} aria-label={`${p.message}${p.node ? ` — sélectionner « ${name(p.node)} »` : ''}`}>
            {p.message}
          </Button>
        ))}
        <Text size="xs" c="dimmed" mt="md">
          Glissez un type de nœud sur le plan (ou choisissez-le au clavier), reliez une sortie à l’entrée d’un autre nœud.
          Raccourcis : Ctrl+Z annuler, Ctrl+Y rétablir, Ctrl+C / Ctrl+V copier-coller, Suppr supprimer, Ctrl+S enregistrer.
        </Text>
      </Stack>
    </ScrollArea>
  );
}
