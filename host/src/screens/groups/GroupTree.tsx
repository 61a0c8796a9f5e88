/** The groups of a collection as an indented tree: colour, name, description, and the actions on each. */
import { Box, Button, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { GroupNode } from './groupTypes.ts';

export interface GroupTreeActions {
  canManage: boolean;
  /** false in flat mode or at the maximum depth */
  canNest(node: GroupNode): boolean;
  onAddChild(node: GroupNode): void;
  onEdit(node: GroupNode): void;
  onRemove(node: GroupNode): void;
}

function Node({ node, actions }: { node: GroupNode; actions: GroupTreeActions }) {
  return (
    <li>
      <Group justify="space-between" wrap="nowrap" py={6} pl={(node.depth - 1) * 28} data-testid="group-row" data-depth={node.depth}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Group gap="sm" wrap="nowrap">
          <ColorSwatch color={node.color ?? 'transparent'} size={16} withShadow={!!node.color} aria-hidden />
          <div>
            <Text size="sm" fw={500}>{node.name}</Text>
            {node.description && <Text size="xs" c="dimmed">{node.description}</Text>}
          </div>
        </Group>
        {actions.canManage && (
          <Group gap="xs" wrap="nowrap">
            {actions.canNest(node) && <Button size="compact-xs" variant="light" onClick={() => actions.onAddChild(node)} aria-label={`Ajouter un sous-groupe à ${node.name}`}>Sous-groupe</Button>}
            <Button size="compact-xs" variant="default" onClick={() => actions.onEdit(node)} aria-label={`Modifier ${node.name}`}>Modifier</Button>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => actions.onRemove(node)} aria-label={`Supprimer ${node.name}`}>Supprimer</Button>
          </Group>
        )}
      </Group>
      {node.children.length > 0 && <NodeList nodes={node.children} actions={actions} />}
    </li>
  );
}

function NodeList({ nodes, actions, label }: { nodes: GroupNode[]; actions: GroupTreeActions; label?: string }) {
  return (
    <Box component="ul" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {nodes.map((n) => <Node key={n._id} node={n} actions={actions} />)}
    </Box>
  );
}

export function GroupTree({ nodes, actions }: { nodes: GroupNode[]; actions: GroupTreeActions }) {
  if (nodes.length === 0) return <Text c="dimmed" size="sm">Aucun groupe pour cette collection.</Text>;
  // nested lists, not an ARIA tree: a tree would promise arrow-key navigation the rows do not have
  return <Stack gap={0}><NodeList nodes={nodes} actions={actions} label="Arbre des groupes" /></Stack>;
}
