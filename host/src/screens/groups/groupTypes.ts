/** Groups and their settings as the kernel answers them (GET /api/kernel/groups/tree). */
import type { Group, GroupPluginSetting } from '@comptoir/schemas';

export type GroupNode = Group & { depth: number; children: GroupNode[] };
export type GroupSettings = Pick<GroupPluginSetting, 'mode' | 'maxDepth' | 'multi'>;
export interface GroupTreeAnswer { pluginIdentifier: string; settings: GroupSettings; data: GroupNode[] }

export const GROUPS_PATH = '/kernel/groups';
export const GROUP_SETTINGS_PATH = '/kernel/group-settings';
export const GROUPS_PERMISSION = 'kernel.groups.manage';

/** French names of the collections people group most; others show their identifier. */
const COLLECTION_LABELS: Record<string, string> = {
  'contacts.customers': 'Clients',
  'contacts.providers': 'Fournisseurs',
  'contacts.contacts': 'Contacts',
  'catalogue.items': 'Articles du catalogue',
  'kernel.establishments': 'Établissements',
  'kernel.users': 'Utilisateurs',
};

export const collectionLabel = (id: string) => (COLLECTION_LABELS[id] ? `${COLLECTION_LABELS[id]} (${id})` : id);

/** Every node of a forest, depth first, in the order shown. */
export function flatten(nodes: readonly GroupNode[]): GroupNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}
