/** Graph builders shared by this plugin's tests. */
export interface TestNode {
  uuid: string;
  pluginIdentifier: string;
  displaySettings?: { name?: string; hiddenExits?: string[] };
  configuration?: Record<string, unknown>;
  exits?: Record<string, string | null>;
  position?: { x: number; y: number };
}

export const n = (uuid: string, type: string, exits: Record<string, string | null> = {}, configuration: Record<string, unknown> = {}, name?: string): TestNode => ({
  uuid, pluginIdentifier: type.includes('.') ? type : `process-queues.${type}`, exits, configuration, ...(name ? { displaySettings: { name } } : {}),
});

/** a line of `count` nodes: start, then set-variable nodes, then end */
export function line(count: number): TestNode[] {
  const nodes: TestNode[] = [n('n0', 'start', { main: 'n1' })];
  for (let i = 1; i < count - 1; i++) nodes.push(n(`n${i}`, 'set-variable', { main: `n${i + 1}` }, { name: `v${i}`, value: String(i) }));
  nodes.push(n(`n${count - 1}`, 'end', {}, { result: 'fini' }));
  return nodes;
}
