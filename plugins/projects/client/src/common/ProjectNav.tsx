/** The links between the screens of « Projets », and the project chosen (kept in the address). */
import { Link, useSearchParams } from 'react-router';
import { Button, Group, Select } from '@mantine/core';
import { useComptoir, useList } from '@comptoir/sdk/react';
import { MANAGE, PROJECTS, type Project } from '../api.ts';

export function useProjectChoice(): { projects: Project[]; projectId: string | null; setProjectId(id: string | null): void; loading: boolean } {
  const list = useList<Project>(PROJECTS, { sort: { field: 'name', ascending: true }, pagination: { quantity: 200 } });
  const [params, setParams] = useSearchParams();
  const projects = list.data?.data ?? [];
  const asked = params.get('projet');
  const projectId = asked && projects.some((p) => p._id === asked) ? asked : projects[0]?._id ?? null;
  return {
    projects, projectId, loading: list.isPending,
    setProjectId: (id) => setParams((p) => { const next = new URLSearchParams(p); if (id) next.set('projet', id); else next.delete('projet'); return next; }),
  };
}

export function ProjectNav({ choice }: { choice: ReturnType<typeof useProjectChoice> }) {
  const { can, basePath } = useComptoir();
  const base = basePath ?? '/projets';
  const q = choice.projectId ? `?projet=${choice.projectId}` : '';
  return (
    <Group justify="space-between">
      <Select
        label="Projet" data-testid="projects-project" w={280} allowDeselect={false}
        data={choice.projects.map((p) => ({ value: p._id, label: p.name }))} value={choice.projectId} onChange={(v) => choice.setProjectId(v)}
      />
      <Group>
        <Button variant="light" component={Link} to={`${base}${q}`}>Tableau</Button>
        <Button variant="light" component={Link} to={`${base}/mes-taches${q}`}>Mes tâches</Button>
        <Button variant="light" component={Link} to={`${base}/temps${q}`}>Temps passé</Button>
        {can(MANAGE) && <Button variant="light" component={Link} to={`${base}/droits${q}`}>Droits</Button>}
      </Group>
    </Group>
  );
}
