/**
 * The path a call took, drawn on its queue: each node where the editor placed it, the exits as lines,
 * the nodes the call went through numbered in order and the lines it followed highlighted. A plain
 * read-only SVG (README « Decisions »): React Flow belongs to the editor's lazy chunk, and a drawing
 * needs none of its interaction.
 */
import { Paper, Text } from '@mantine/core';

export interface DrawnNode { uuid: string; pluginIdentifier: string; position?: { x: number; y: number }; displaySettings?: { name?: string }; exits?: Record<string, string | null> }

const W = 170; const H = 44;

export function QueuePath({ nodes, path, names }: { nodes: DrawnNode[]; path: string[]; names: Record<string, string> }) {
  if (!nodes.length) return <Text c="dimmed">La file de cet appel n’est plus disponible.</Text>;
  const at = new Map(nodes.map((n) => [n.uuid, n.position ?? { x: 50, y: 50 }]));
  const xs = nodes.map((n) => at.get(n.uuid)!.x); const ys = nodes.map((n) => at.get(n.uuid)!.y);
  const minX = Math.min(...xs) - 20; const minY = Math.min(...ys) - 20;
  const width = Math.max(...xs) - minX + W + 20; const height = Math.max(...ys) - minY + H + 20;
  const order = new Map<string, number[]>();
  path.forEach((uuid, i) => order.set(uuid, [...(order.get(uuid) ?? []), i + 1]));
  const followed = new Set(path.slice(1).map((uuid, i) => `${path[i]}>${uuid}`));
  return (
    <Paper withBorder p="xs" style={{ overflowX: 'auto' }}>
      <svg role="img" aria-label={`Chemin de l’appel : ${path.map((u) => names[u] ?? u).join(', ')}`} width={width} height={height} viewBox={`${minX} ${minY} ${width} ${height}`} data-testid="pbx-call-path">
        {nodes.flatMap((n) => Object.entries(n.exits ?? {}).filter(([, to]) => to && at.has(to)).map(([exit, to]) => {
          const a = at.get(n.uuid)!; const b = at.get(to!)!;
          const on = followed.has(`${n.uuid}>${to}`);
          return <line key={`${n.uuid}-${exit}`} x1={a.x + W / 2} y1={a.y + H} x2={b.x + W / 2} y2={b.y} stroke={on ? '#1c7ed6' : '#ced4da'} strokeWidth={on ? 3 : 1} />;
        }))}
        {nodes.map((n) => {
          const p = at.get(n.uuid)!; const visited = order.get(n.uuid);
          return (
            <g key={n.uuid} data-node={n.uuid} data-visited={visited ? 'true' : 'false'}>
              <rect x={p.x} y={p.y} width={W} height={H} rx={6} fill={visited ? '#e7f5ff' : '#fff'} stroke={visited ? '#1c7ed6' : '#adb5bd'} strokeWidth={visited ? 2 : 1} />
              <text x={p.x + 8} y={p.y + 18} fontSize={12} fill="#212529">{(names[n.uuid] ?? n.uuid).slice(0, 24)}</text>
              {visited && <text x={p.x + 8} y={p.y + 35} fontSize={11} fill="#1864ab">{visited.length > 4 ? `${visited.slice(0, 4).join(', ')}…` : visited.join(', ')}</text>}
            </g>
          );
        })}
      </svg>
    </Paper>
  );
}
