/**
 * Auto-layout with dagre (@dagrejs/dagre, layered: top to bottom, exits below), loaded only when a
 * person asks for it: its chunk is not part of the editor's first load.
 */
import type { Graph } from './graph.ts';

export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 110;

export async function autoLayout(graph: Graph): Promise<Graph> {
  const dagre = await import('@dagrejs/dagre');
  const g = new dagre.Graph();
  g.setGraph({ rankdir: 'TB', nodesep: 40, ranksep: 70, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph) g.setNode(n.uuid, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const n of graph) for (const t of Object.values(n.exits ?? {})) if (t && g.hasNode(t)) g.setEdge(n.uuid, t);
  dagre.layout(g);
  return graph.map((n) => {
    const p = g.node(n.uuid);
    return { ...n, position: { x: Math.round(p.x - NODE_WIDTH / 2), y: Math.round(p.y - NODE_HEIGHT / 2) } };
  });
}
