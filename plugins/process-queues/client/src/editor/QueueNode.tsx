/**
 * A node on the canvas: its name and type, its input on top (none for a starter), one handle per
 * visible exit at the bottom with its label, and its validation problems. `nodeTypes` is built once
 * at module level (a new object per render makes React Flow remount every node).
 */
import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { ConfiguredPlugin, NodeTypeInfo } from '../api.ts';

export interface QueueNodeData extends Record<string, unknown> {
  node: ConfiguredPlugin;
  type: NodeTypeInfo | undefined;
  name: string;
  errors: string[];
  warnings: string[];
}

export type QueueFlowNode = Node<QueueNodeData, 'queue'>;

const SIDE: Record<string, Position> = { top: Position.Top, bottom: Position.Bottom, left: Position.Left, right: Position.Right };

function QueueNodeView({ data, selected }: NodeProps<QueueFlowNode>) {
  const { node, type, name, errors, warnings } = data;
  const settings = node.displaySettings ?? {};
  const hidden = new Set(settings.hiddenExits ?? []);
  const exits = (type?.exits ?? []).filter((e) => !hidden.has(e.id));
  const border = errors.length ? 'var(--mantine-color-red-6)' : warnings.length ? 'var(--mantine-color-orange-5)' : selected ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-4)';
  const exitSide = SIDE[settings.exitsPosition ?? 'bottom'] ?? Position.Bottom;
  return (
    <div
      className="pq-node"
      data-testid="pq-node"
      data-node={node.uuid}
      data-type={node.pluginIdentifier}
      data-invalid={errors.length ? 'true' : undefined}
      title={[...errors, ...warnings].join('\n') || undefined}
      style={{ width: 200, background: 'var(--mantine-color-body)', border: `2px solid ${border}`, borderRadius: 8, fontSize: 13, boxShadow: selected ? '0 0 0 3px var(--mantine-color-blue-2)' : undefined }}
    >
      {!type?.starter && <Handle type="target" position={SIDE[settings.inputPosition ?? 'top'] ?? Position.Top} aria-label={`Entrée de ${name}`} />}
      <div style={{ padding: '6px 10px' }}>
        <div style={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {settings.showIcon !== false && <span aria-hidden style={{ marginRight: 6 }}>{type?.starter ? '▶' : type?.ending ? '■' : type?.pauseAndPlay ? '⏸' : '●'}</span>}
          {name}
        </div>
        <div style={{ color: 'var(--mantine-color-dimmed)', fontSize: 11 }}>{type?.name ?? `Type inconnu : ${node.pluginIdentifier}`}</div>
        {errors.length > 0 && <div data-testid="pq-node-error" style={{ color: 'var(--mantine-color-red-7)', fontSize: 11, marginTop: 4 }}>{errors[0]}</div>}
      </div>
      {settings.separator !== false && exits.length > 0 && <div style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} />}
      {exits.length > 0 && (
        <div style={{ display: 'flex', justifyContent: 'space-around', padding: '4px 2px 10px', fontSize: 11 }}>
          {exits.map((e) => <span key={e.id} title={e.description || e.label}>{settings.exitLabel !== false ? e.label : ''}</span>)}
        </div>
      )}
      {exits.map((e, i) => (
        <Handle
          key={e.id}
          id={e.id}
          type="source"
          position={exitSide}
          aria-label={`Sortie ${e.label} de ${name}`}
          data-testid="pq-exit"
          data-exit={e.id}
          style={exitSide === Position.Bottom || exitSide === Position.Top ? { left: `${((i + 0.5) / exits.length) * 100}%` } : { top: `${((i + 0.5) / exits.length) * 100}%` }}
        />
      ))}
    </div>
  );
}

export const nodeTypes = { queue: memo(QueueNodeView) };
