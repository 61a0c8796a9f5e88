/**
 * The rights editor (managers): a project's four defaults, and the settings of users and teams in
 * their order — the first that matches a person gives all four of their rights (README « Rights »).
 * Projects and teams are created here too.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, MultiSelect, NumberInput, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { PROJECTS, TEAMS, USER_SETTINGS, errorText, type Project, type ProjectUserSettings, type Team } from '../api.ts';
import { ProjectNav, useProjectChoice } from '../common/ProjectNav.tsx';

const RIGHTS = [
  ['canSubmitIdeas', 'Proposer des idées'], ['canValidateIdeas', 'Valider des idées'],
  ['canSubmitIssue', 'Signaler des incidents'], ['canValidateIssue', 'Valider des incidents'],
] as const;
type Right = (typeof RIGHTS)[number][0];
const defaultOf = (r: Right) => `default${r[0].toUpperCase()}${r.slice(1)}` as `default${Capitalize<Right>}`;

interface Member { _id: string; email: string; firstname?: string; name?: string }

export function RightsScreen() {
  const { api } = useComptoir();
  const invalidate = useInvalidate();
  const choice = useProjectChoice();
  const project = choice.projects.find((p) => p._id === choice.projectId) ?? null;
  const settings = useList<ProjectUserSettings>(USER_SETTINGS, { filters: { 'fk.project': { mode: 'eq', value: choice.projectId } }, sort: { field: 'order', ascending: true }, pagination: { quantity: 500 } }, { enabled: !!choice.projectId });
  const teams = useList<Team>(TEAMS, { sort: { field: 'name', ascending: true }, pagination: { quantity: 500 } });
  const members = useList<Member>('/kernel/users', { pagination: { quantity: 500 } });
  const [error, setError] = useState<string | null>(null);
  const [projectName, setProjectName] = useState('');
  const [teamName, setTeamName] = useState('');
  const [teamUsers, setTeamUsers] = useState<string[]>([]);
  const [target, setTarget] = useState<string | null>(null);
  const [order, setOrder] = useState<number>(0);
  const [granted, setGranted] = useState<Right[]>([]);

  async function run(call: () => Promise<unknown>, ...paths: string[]) {
    setError(null);
    try {
      await call();
    } catch (e) {
      setError(errorText(e));
    }
    for (const p of paths) await invalidate(p);
  }
  const userLabel = (u: Member) => [u.firstname, u.name].filter(Boolean).join(' ') || u.email;
  const targets = [
    ...(members.data?.data ?? []).map((u) => ({ value: `user:${u._id}`, label: `Utilisateur : ${userLabel(u)}` })),
    ...(teams.data?.data ?? []).map((t) => ({ value: `team:${t._id}`, label: `Équipe : ${t.name}` })),
  ];
  const targetLabel = (s: ProjectUserSettings) => targets.find((t) => t.value === (s.fk.user ? `user:${s.fk.user}` : `team:${s.fk.team}`))?.label ?? '—';

  function addSetting(event: FormEvent) {
    event.preventDefault();
    if (!target || !project) return;
    const [kind, id] = target.split(':');
    void run(() => api.post(USER_SETTINGS, { order, ...Object.fromEntries(RIGHTS.map(([r]) => [r, granted.includes(r)])), fk: { project: project._id, [kind]: id } }), USER_SETTINGS);
  }

  return (
    <Stack data-testid="projects-rights">
      <PageHeader title="Droits des projets" />
      <ProjectNav choice={choice} />
      {error && <Alert color="red" title="Action impossible">{error}</Alert>}
      {project && (
        <>
          <Title order={2} size="h4">Droits par défaut de « {project.name} »</Title>
          <Group>
            {RIGHTS.map(([r, label]) => (
              <Checkbox key={r} label={label} checked={project[defaultOf(r)]} onChange={(e) => { const v = e.currentTarget.checked; void run(() => api.put(`${PROJECTS}/${project._id}`, { [defaultOf(r)]: v }), PROJECTS); }} />
            ))}
          </Group>
          <Title order={2} size="h4">Exceptions, dans l’ordre (la première qui concerne une personne donne ses quatre droits)</Title>
          <Table>
            <Table.Thead><Table.Tr><Table.Th>Ordre</Table.Th><Table.Th>Pour</Table.Th>{RIGHTS.map(([r, l]) => <Table.Th key={r}>{l}</Table.Th>)}<Table.Th /></Table.Tr></Table.Thead>
            <Table.Tbody>
              {(settings.data?.data ?? []).map((s) => (
                <Table.Tr key={s._id}>
                  <Table.Td>{s.order}</Table.Td><Table.Td>{targetLabel(s)}</Table.Td>
                  {RIGHTS.map(([r]) => <Table.Td key={r}>{s[r] ? 'oui' : 'non'}</Table.Td>)}
                  <Table.Td><Button size="xs" variant="subtle" color="red" onClick={() => run(() => api.delete(`${USER_SETTINGS}/${s._id}`), USER_SETTINGS)}>Retirer</Button></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <form onSubmit={addSetting}>
            <Group align="end">
              <NumberInput label="Ordre" w={90} value={order} onChange={(v) => setOrder(Number(v) || 0)} />
              <Select label="Pour" w={280} data={targets} value={target} onChange={setTarget} searchable required />
              <MultiSelect label="Droits accordés" w={320} data={RIGHTS.map(([value, label]) => ({ value, label }))} value={granted} onChange={(v) => setGranted(v as Right[])} />
              <Button type="submit">Ajouter</Button>
            </Group>
          </form>
        </>
      )}
      <Title order={2} size="h4">Nouveau projet</Title>
      <form onSubmit={(e) => { e.preventDefault(); void run(() => api.post<Project>(PROJECTS, { name: projectName }).then((p) => { setProjectName(''); choice.setProjectId(p._id); }), PROJECTS); }}>
        <Group align="end"><TextInput label="Nom du projet" required value={projectName} onChange={(e) => setProjectName(e.currentTarget.value)} /><Button type="submit">Créer le projet</Button></Group>
      </form>
      <Title order={2} size="h4">Équipes</Title>
      <Table>
        <Table.Tbody>
          {(teams.data?.data ?? []).map((t) => <Table.Tr key={t._id}><Table.Td>{t.name}</Table.Td><Table.Td>{t.fk.users.length} membre{t.fk.users.length > 1 ? 's' : ''}</Table.Td></Table.Tr>)}
        </Table.Tbody>
      </Table>
      <form onSubmit={(e) => { e.preventDefault(); void run(() => api.post(TEAMS, { name: teamName, fk: { users: teamUsers } }).then(() => { setTeamName(''); setTeamUsers([]); }), TEAMS); }}>
        <Group align="end">
          <TextInput label="Nouvelle équipe" required value={teamName} onChange={(e) => setTeamName(e.currentTarget.value)} />
          <MultiSelect label="Membres" w={320} data={(members.data?.data ?? []).map((u) => ({ value: u._id, label: userLabel(u) }))} value={teamUsers} onChange={setTeamUsers} />
          <Button type="submit">Créer l’équipe</Button>
        </Group>
      </form>
    </Stack>
  );
}
