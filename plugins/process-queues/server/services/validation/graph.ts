/**
 * Graph validation of a queue (issue 20 item 1): plain data in, a report out — no database. An
 * invalid graph may be saved (the editor saves work in progress) but never runs: the engine refuses
 * it with the first message. Each message is French and names the node, so that a person finds it
 * on the canvas (the report also carries its uuid, which the editor highlights).
 */
import type { QueueNodeType } from '@comptoir/sdk';
import type { ConfiguredPlugin, GraphProblem, ValidationReport } from '../../../schemas/index.ts';

export interface GraphTypes {
  /** node type by `<plugin>.<identifier>` */
  get(pluginIdentifier: string): Pick<QueueNodeType, 'name' | 'typeIdentifier' | 'starter' | 'pauseAndPlay' | 'exits' | 'configurationSchema'> | undefined;
  /** names of the starter types of that kind of queue, for the « no starter » message */
  starterNames(typeIdentifier: string): string[];
}

/** checks one node's configuration; answers French problems (field and message each) */
export type ConfigurationCheck = (schema: Record<string, unknown>, configuration: unknown) => string[];

export function nodeName(node: Pick<ConfiguredPlugin, 'uuid' | 'pluginIdentifier' | 'displaySettings'>, types: GraphTypes): string {
  return node.displaySettings?.name?.trim() || types.get(node.pluginIdentifier)?.name || node.pluginIdentifier;
}

export function validateGraph(
  graph: { typeIdentifier?: string; plugins: ConfiguredPlugin[] },
  types: GraphTypes,
  checkConfiguration: ConfigurationCheck,
): ValidationReport {
  const errors: GraphProblem[] = [];
  const warnings: GraphProblem[] = [];
  const nodes = graph.plugins;
  const name = (n: ConfiguredPlugin) => `« ${nodeName(n, types)} »`;
  const byUuid = new Map<string, ConfiguredPlugin>();

  for (const n of nodes) {
    if (byUuid.has(n.uuid)) {
      errors.push({ node: n.uuid, code: 'duplicate-uuid', message: `Les nœuds ${name(byUuid.get(n.uuid)!)} et ${name(n)} portent le même identifiant « ${n.uuid} ».` });
      continue;
    }
    byUuid.set(n.uuid, n);
  }

  const starters: ConfiguredPlugin[] = [];
  for (const n of byUuid.values()) {
    const type = types.get(n.pluginIdentifier);
    if (!type) {
      errors.push({ node: n.uuid, code: 'unknown-type', message: `Le nœud ${name(n)} est d’un type inconnu « ${n.pluginIdentifier} » : l’extension qui le fournit n’est pas installée.` });
      continue;
    }
    if (graph.typeIdentifier && type.typeIdentifier !== graph.typeIdentifier) {
      errors.push({ node: n.uuid, code: 'wrong-queue-type', message: `Le nœud ${name(n)} (« ${type.name} ») n’est pas utilisable dans une file de type « ${graph.typeIdentifier} ».` });
    }
    if (type.starter) starters.push(n);
    const exitIds = new Set(type.exits.map((e) => e.id));
    for (const [exit, target] of Object.entries(n.exits ?? {})) {
      if (!exitIds.has(exit)) {
        errors.push({ node: n.uuid, code: 'unknown-exit', exit, message: `Le nœud ${name(n)} a une sortie « ${exit} » que son type « ${type.name} » n’a pas.` });
        continue;
      }
      if (target != null && !byUuid.has(target)) {
        const label = type.exits.find((e) => e.id === exit)?.label ?? exit;
        errors.push({ node: n.uuid, code: 'missing-target', exit, message: `La sortie « ${label} » du nœud ${name(n)} mène à un nœud qui n’existe pas (« ${target} »).` });
      }
    }
    for (const e of type.exits) {
      if (n.exits?.[e.id] == null && !(n.displaySettings?.hiddenExits ?? []).includes(e.id)) {
        warnings.push({ node: n.uuid, code: 'unwired-exit', exit: e.id, message: `La sortie « ${e.label} » du nœud ${name(n)} n’est reliée à rien : le traitement s’arrête là.` });
      }
    }
    for (const problem of checkConfiguration(type.configurationSchema, n.configuration)) {
      errors.push({ node: n.uuid, code: 'configuration', message: `Configuration du nœud ${name(n)} : ${problem}.` });
    }
  }

  if (starters.length === 0) {
    const offered = graph.typeIdentifier ? types.starterNames(graph.typeIdentifier) : [];
    const hint = offered.length ? ` : ajoutez un nœud « ${offered[0]} »` : '';
    errors.push({ node: null, code: 'no-starter', message: `La file n’a pas de nœud de départ${hint}.` });
  } else if (starters.length > 1) {
    for (const extra of starters.slice(1)) {
      errors.push({ node: extra.uuid, code: 'two-starters', message: `La file a plusieurs nœuds de départ : ${name(starters[0])} et ${name(extra)}. Gardez-en un seul.` });
    }
  }

  const next = (n: ConfiguredPlugin): ConfiguredPlugin[] => Object.values(n.exits ?? {})
    .filter((t): t is string => t != null && byUuid.has(t))
    .map((t) => byUuid.get(t)!);

  if (starters.length === 1) {
    const seen = new Set<string>([starters[0].uuid]);
    const stack = [starters[0]];
    while (stack.length) {
      for (const m of next(stack.pop()!)) if (!seen.has(m.uuid)) { seen.add(m.uuid); stack.push(m); }
    }
    for (const n of byUuid.values()) {
      if (!seen.has(n.uuid)) errors.push({ node: n.uuid, code: 'unreachable', message: `Le nœud ${name(n)} ne peut pas être atteint depuis le départ ${name(starters[0])}.` });
    }
  }

  for (const cycle of cyclesOf([...byUuid.values()], next)) {
    if (cycle.some((n) => types.get(n.pluginIdentifier)?.pauseAndPlay)) continue;
    const path = [...cycle, cycle[0]].map((n) => nodeName(n, types)).join(' → ');
    errors.push({ node: cycle[0].uuid, code: 'cycle-without-pause', message: `Le nœud ${name(cycle[0])} est dans une boucle sans pause (${path}) : le traitement y tournerait sans fin ; ajoutez un nœud qui attend.` });
  }

  return { valid: errors.length === 0, errors, warnings };
}

/**
 * The strongly connected components that hold a cycle (Tarjan, iterative: a queue of 500 nodes in
 * a line must not blow the stack), each in an order that follows its edges from its first node in
 * the queue's order.
 */
function cyclesOf(nodes: ConfiguredPlugin[], next: (n: ConfiguredPlugin) => ConfiguredPlugin[]): ConfiguredPlugin[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: ConfiguredPlugin[] = [];
  const out: ConfiguredPlugin[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root.uuid)) continue;
    const work: { node: ConfiguredPlugin; children: ConfiguredPlugin[]; i: number }[] = [];
    const enter = (n: ConfiguredPlugin) => {
      index.set(n.uuid, counter); low.set(n.uuid, counter); counter++;
      stack.push(n); onStack.add(n.uuid);
      work.push({ node: n, children: next(n), i: 0 });
    };
    enter(root);
    while (work.length) {
      const top = work[work.length - 1];
      if (top.i < top.children.length) {
        const child = top.children[top.i++];
        if (!index.has(child.uuid)) enter(child);
        else if (onStack.has(child.uuid)) low.set(top.node.uuid, Math.min(low.get(top.node.uuid)!, index.get(child.uuid)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node.uuid;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node.uuid)!));
      }
      if (low.get(top.node.uuid) === index.get(top.node.uuid)) {
        const component: ConfiguredPlugin[] = [];
        let m: ConfiguredPlugin;
        do { m = stack.pop()!; onStack.delete(m.uuid); component.push(m); } while (m.uuid !== top.node.uuid);
        const selfLoop = component.length === 1 && next(component[0]).some((c) => c.uuid === component[0].uuid);
        if (component.length > 1 || selfLoop) out.push(orderCycle(component, nodes, next));
      }
    }
  }
  return out;
}

/** a component's nodes along a path from its first node (in the queue's order) back round */
function orderCycle(component: ConfiguredPlugin[], nodes: ConfiguredPlugin[], next: (n: ConfiguredPlugin) => ConfiguredPlugin[]): ConfiguredPlugin[] {
  const members = new Set(component.map((n) => n.uuid));
  const first = nodes.find((n) => members.has(n.uuid))!;
  // breadth-first back to `first` inside the component: the shortest loop through it
  const parent = new Map<string, ConfiguredPlugin>();
  const queue = [first];
  const seen = new Set<string>([first.uuid]);
  let last: ConfiguredPlugin | null = null;
  while (queue.length && !last) {
    const n = queue.shift()!;
    for (const m of next(n)) {
      if (!members.has(m.uuid)) continue;
      if (m.uuid === first.uuid) { last = n; break; }
      if (!seen.has(m.uuid)) { seen.add(m.uuid); parent.set(m.uuid, n); queue.push(m); }
    }
  }
  const path: ConfiguredPlugin[] = [];
  for (let n: ConfiguredPlugin | undefined = last ?? first; n && n.uuid !== first.uuid; n = parent.get(n.uuid)) path.unshift(n);
  return [first, ...path];
}
