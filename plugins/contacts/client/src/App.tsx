/**
 * The screens of « Contacts ». The shell mounts this component under one of the plugin's menu
 * paths and says which (`basePath`): `/clients` customers, `/fournisseurs` providers, `/contacts`
 * contacts. Routes below are relative to it, so the plugin never hard-codes its address.
 */
import { Text } from '@mantine/core';
import './common/fieldLabels.ts';
import { PartiesRoutes } from './parties/PartiesRoutes.tsx';
import { ContactsRoutes } from './contacts/ContactsRoutes.tsx';
import type { PartyKind } from './api.ts';

const SECTIONS: Record<string, PartyKind | 'contacts'> = {
  clients: 'customers',
  fournisseurs: 'providers',
  contacts: 'contacts',
};

/** `/clients`, `/clients/` -> customers; an unknown mount -> null. */
export function sectionOf(basePath: string): PartyKind | 'contacts' | null {
  const last = basePath.replace(/\/+$/, '').split('/').pop() ?? '';
  return SECTIONS[last] ?? null;
}

export default function App({ basePath }: { basePath: string }) {
  const section = sectionOf(basePath);
  if (section === 'contacts') return <ContactsRoutes />;
  if (section) return <PartiesRoutes key={section} kind={section} />;
  return <Text>Cette page n’existe pas.</Text>;
}
