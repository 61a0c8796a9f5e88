/**
 * My notification preferences in the active company (a section of `/preferences`): for each kind
 * the plugins declare and I may receive, whether it comes live (a window on my open screens),
 * stays in the notification centre, and comes by e-mail. Saved at each switch.
 */
import { Fragment, useEffect } from 'react';
import { useLocation } from 'react-router';
import { Badge, Switch, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useComptoir } from '@comptoir/sdk/react';
import { notifyFailed, QueryFailed, Section } from '@comptoir/sdk/ui';

export interface NotificationPreference {
  sysName: string;
  category: string;
  name: string;
  description?: string;
  mode: 'company' | 'global';
  plugin: string;
  push: boolean;
  signal: boolean;
  email: boolean;
}

type Flag = 'push' | 'signal' | 'email';
const PATH = '/kernel/notification-preferences';
const FLAGS: { flag: Flag; label: string }[] = [
  { flag: 'push', label: 'En direct' },
  { flag: 'signal', label: 'Centre de notifications' },
  { flag: 'email', label: 'Par e-mail' },
];

/** Kinds grouped by category, in the catalogue's order. */
export function byCategory(list: readonly NotificationPreference[]): [string, NotificationPreference[]][] {
  const groups = new Map<string, NotificationPreference[]>();
  for (const p of list) groups.set(p.category, [...(groups.get(p.category) ?? []), p]);
  return [...groups];
}

export function NotificationPreferences() {
  const { api, company, user } = useComptoir();
  const queries = useQueryClient();
  const key = ['kernel', 'notification-preferences', company?._id ?? null];
  const prefs = useQuery({ queryKey: key, queryFn: () => api.get<{ data: NotificationPreference[] }>(PATH), enabled: !!company });
  const { hash } = useLocation();
  // `/preferences#notifications` (from the notification centre) opens here
  useEffect(() => {
    if (hash === '#notifications' && prefs.isSuccess) document.getElementById('notifications')?.scrollIntoView({ block: 'start' });
  }, [hash, prefs.isSuccess]);

  async function set(p: NotificationPreference, flag: Flag, value: boolean) {
    queries.setQueryData<{ data: NotificationPreference[] }>(key, (old) => old && ({ data: old.data.map((x) => (x.sysName === p.sysName ? { ...x, [flag]: value } : x)) }));
    try {
      queries.setQueryData(key, await api.put<{ data: NotificationPreference[] }>(PATH, { preferences: [{ pushNotification: p.sysName, [flag]: value }] }));
    } catch (e) {
      notifyFailed(e, 'Votre choix n’a pas pu être enregistré');
      await queries.invalidateQueries({ queryKey: key });
    }
  }

  return (
    <Section
      title="Notifications"
      description={(
        <>
          Comment chaque type de notification vous parvient{company ? ` dans ${company.name}` : ''} : « En direct », une fenêtre
          s’affiche sur vos écrans ouverts ; « Centre de notifications », elle reste sous la cloche jusqu’à ce que vous la
          supprimiez ; « Par e-mail », un message à {user?.email ?? 'votre adresse'} (si l’entreprise a configuré son serveur d’envoi).
        </>
      )}
    >
      <div id="notifications" />
      {prefs.isError && <QueryFailed error={prefs.error} onRetry={() => void prefs.refetch()} />}
      {prefs.isPending && <Text size="sm" c="dimmed">Chargement des préférences…</Text>}
      {prefs.data && (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" aria-label="Préférences de notification" data-testid="notification-preferences">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                {FLAGS.map((f) => <Table.Th key={f.flag} ta="center">{f.label}</Table.Th>)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {byCategory(prefs.data.data).map(([category, kinds]) => (
                <Fragment key={category}>
                  <Table.Tr>
                    <Table.Td colSpan={4}><Text fw={700} size="sm">{category}</Text></Table.Td>
                  </Table.Tr>
                  {kinds.map((p) => (
                    <Table.Tr key={p.sysName} data-testid="notification-preference" data-kind={p.sysName}>
                      <Table.Td>
                        <Text size="sm">{p.name} {p.mode === 'global' && <Badge size="xs" variant="light" color="gray">toutes mes entreprises</Badge>}</Text>
                        {p.description && <Text size="xs" c="dimmed">{p.description}</Text>}
                      </Table.Td>
                      {FLAGS.map((f) => (
                        <Table.Td key={f.flag}>
                          <Switch
                            mx="auto" w="fit-content" checked={p[f.flag]} aria-label={`${p.name} : ${f.label.toLowerCase()}`}
                            onChange={(e) => void set(p, f.flag, e.currentTarget.checked)}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
