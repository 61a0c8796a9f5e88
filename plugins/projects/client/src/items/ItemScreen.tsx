/**
 * One idea or issue: its flags, its progress, its task lists and tasks (a checkbox marks a task
 * done, a number sets its progress), and its comments. Every change goes to the server, which
 * recomputes the lists' and the item's progress (README « Progress ») and answers the item.
 */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  Alert, Badge, Button, Card, Checkbox, Group, Loader, NumberInput, Progress, Stack, Switch, Text, TextInput, Textarea, Title,
} from '@mantine/core';
import { formatDateTime, useComptoir, useEntity, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { COMMENTS, ITEMS, PRIORITY_LABELS, TYPE_LABELS, WRITE, errorText, type ProjectComment, type ProjectItem, type ProjectTaskList } from '../api.ts';

const STATUS_TEXT = { submitted: 'Proposée', accepted: 'Acceptée', validated: 'Validée', archived: 'Archivée' } as const;

function TaskListCard({ item, list, write, run }: { item: ProjectItem; list: ProjectTaskList; write: boolean; run(call: () => Promise<unknown>): Promise<void> }) {
  const { api } = useComptoir();
  const [task, setTask] = useState('');
  async function addTask(event: FormEvent) {
    event.preventDefault();
    await run(() => api.post(`${ITEMS}/${item._id}/task-lists/${list.uuid}/tasks`, { name: task }));
    setTask('');
  }
  return (
    <Card withBorder data-testid="projects-task-list" data-name={list.name}>
      <Group justify="space-between">
        <Title order={3} size="h5">{list.name}</Title>
        <Text size="sm" data-testid="projects-list-progress">{list.progress} %</Text>
      </Group>
      <Progress value={list.progress} my="xs" aria-label={`Avancement de la liste ${list.progress} %`} />
      <Stack gap={4}>
        {list.tasks.map((t) => (
          <Group key={t.uuid} justify="space-between" data-testid="projects-task">
            <Checkbox
              label={t.name} checked={t.progress === 100} disabled={!write}
              onChange={(e) => { const done = e.currentTarget.checked; void run(() => api.put(`${ITEMS}/${item._id}/tasks/${t.uuid}`, { progress: done ? 100 : 0 })); }}
            />
            <NumberInput
              aria-label={`Avancement de « ${t.name} »`} w={90} min={0} max={100} suffix=" %" value={t.progress} disabled={!write}
              onBlur={(e) => {
                const value = Number(e.currentTarget.value.replace(/[^0-9]/g, ''));
                if (Number.isInteger(value) && value !== t.progress) void run(() => api.put(`${ITEMS}/${item._id}/tasks/${t.uuid}`, { progress: Math.min(100, value) }));
              }}
            />
          </Group>
        ))}
        {list.tasks.length === 0 && <Text size="sm" c="dimmed">Aucune tâche.</Text>}
      </Stack>
      {write && (
        <form onSubmit={addTask}>
          <Group mt="xs" align="end">
            <TextInput aria-label={`Nouvelle tâche dans « ${list.name} »`} placeholder="Nouvelle tâche" required value={task} onChange={(e) => setTask(e.currentTarget.value)} />
            <Button type="submit" variant="light">Ajouter la tâche</Button>
          </Group>
        </form>
      )}
    </Card>
  );
}

function Comments({ item }: { item: ProjectItem }) {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const comments = useList<ProjectComment>(COMMENTS, { filters: { 'fk.item': { mode: 'eq', value: item._id } }, sort: { field: '_id', ascending: true }, pagination: { quantity: 200 } });
  const [text, setText] = useState('');
  const [help, setHelp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function send(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await api.post(COMMENTS, { description: text, helpRequired: help, fk: { item: item._id } });
      setText('');
      setHelp(false);
      await invalidate(COMMENTS);
      await invalidate(ITEMS);
    } catch (e) {
      setError(errorText(e));
    }
  }
  return (
    <Stack>
      <Title order={2} size="h4">Commentaires</Title>
      {(comments.data?.data ?? []).map((c) => (
        <Card key={c._id} withBorder padding="sm">
          <Group justify="space-between"><Text size="xs" c="dimmed">{formatDateTime(c.metadata.creationDate)}</Text>{c.helpRequired && <Badge color="orange" size="xs">Aide demandée</Badge>}</Group>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{c.description}</Text>
        </Card>
      ))}
      {can(WRITE) && (
        <form onSubmit={send}>
          {error && <Alert color="red" mb="xs">{error}</Alert>}
          <Textarea label="Nouveau commentaire" required value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <Group mt="xs"><Switch label="Demander de l’aide" checked={help} onChange={(e) => setHelp(e.currentTarget.checked)} /><Button type="submit">Envoyer</Button></Group>
        </form>
      )}
    </Stack>
  );
}

export function ItemScreen() {
  const { id } = useParams();
  const { api, can, basePath } = useComptoir();
  const invalidate = useInvalidate();
  const item = useEntity<ProjectItem>(ITEMS, id);
  const [error, setError] = useState<string | null>(null);
  const [listName, setListName] = useState('');
  const write = can(WRITE);

  async function run(call: () => Promise<unknown>) {
    setError(null);
    try {
      await call();
    } catch (e) {
      setError(errorText(e));
    }
    await invalidate(ITEMS);
  }

  if (item.isPending) return <Loader />;
  if (item.isError || !item.data) return <Alert color="red" title="Chargement impossible">{errorText(item.error)}</Alert>;
  const i = item.data;
  return (
    <Stack data-testid="projects-item">
      <PageHeader title={i.name} />
      <Group><Button variant="light" component={Link} to={`${basePath ?? '/projets'}?projet=${i.fk.project}`}>Tableau</Button></Group>
      <Group>
        <Badge color={i.type === 'issue' ? 'red' : 'blue'}>{TYPE_LABELS[i.type]}</Badge>
        <Badge variant="light" data-testid="projects-item-status">{STATUS_TEXT[i.status]}</Badge>
        <Text size="sm">Priorité : {PRIORITY_LABELS[i.priority]}</Text>
        {i.deadLine && <Text size="sm">Échéance : {formatDateTime(i.deadLine)}</Text>}
        {i.alert && <Badge color="orange">Alerte{i.alertMessage ? ` : ${i.alertMessage}` : ''}</Badge>}
      </Group>
      {i.description && <Text>{i.description}</Text>}
      {error && <Alert color="red" title="Action impossible" data-testid="projects-error">{error}</Alert>}
      <Group>
        <Text fw={600}>Avancement</Text>
        <Text data-testid="projects-item-progress">{i.progress} %</Text>
        <Progress value={i.progress} w={240} aria-label={`Avancement ${i.progress} %`} />
        <Switch
          label="Suivre les tâches" checked={i.autoProgressWithTasks} disabled={!write}
          onChange={(e) => { const auto = e.currentTarget.checked; void run(() => api.put(`${ITEMS}/${i._id}`, { autoProgressWithTasks: auto })); }}
        />
      </Group>
      <Text size="sm" c="dimmed">Dernière activité : {i.lastActivityDescription ?? '—'}{i.lastActivity ? ` (${formatDateTime(i.lastActivity)})` : ''} · Temps passé : {Math.floor(i.workingTime / 60)} h {String(i.workingTime % 60).padStart(2, '0')}</Text>
      <Title order={2} size="h4">Listes de tâches</Title>
      {i.taskLists.map((l) => <TaskListCard key={l.uuid} item={i} list={l} write={write} run={run} />)}
      {write && (
        <form onSubmit={(e) => { e.preventDefault(); void run(() => api.post(`${ITEMS}/${i._id}/task-lists`, { name: listName })).then(() => setListName('')); }}>
          <Group align="end">
            <TextInput label="Nouvelle liste de tâches" required value={listName} onChange={(e) => setListName(e.currentTarget.value)} />
            <Button type="submit" variant="light">Ajouter la liste</Button>
          </Group>
        </form>
      )}
      <Comments item={i} />
    </Stack>
  );
}
