/**
 * The board of a project: its ideas and issues in columns by status (README « Status »). A card is
 * dragged to another column with @dnd-kit (mouse, touch, or keyboard: space to lift, arrows, space
 * to drop); the server checks the right to accept or validate and answers the item as stored.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Badge, Button, Card, Group, Loader, Paper, Progress, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DndContext, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { ITEMS, PRIORITY_LABELS, STATUS_COLUMNS, TYPE_LABELS, WRITE, errorText, type ItemStatus, type ProjectItem } from '../api.ts';
import { ProjectNav, useProjectChoice } from '../common/ProjectNav.tsx';

function ItemCard({ item }: { item: ProjectItem }) {
  const { basePath } = useComptoir();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: item._id, data: { status: item.status } });
  const style = transform ? { transform: `translate(${transform.x}px, ${transform.y}px)`, zIndex: 10 } : undefined;
  return (
    <Card ref={setNodeRef} withBorder shadow={isDragging ? 'md' : 'xs'} style={style} data-testid="projects-card" data-item={item._id} {...attributes} {...listeners}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} component={Link} to={`${basePath ?? '/projets'}/elements/${item._id}`} onPointerDown={(e) => e.stopPropagation()}>{item.name}</Text>
        <Badge color={item.type === 'issue' ? 'red' : 'blue'} variant="light">{TYPE_LABELS[item.type]}</Badge>
      </Group>
      <Progress value={item.progress} mt="xs" aria-label={`Avancement ${item.progress} %`} />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed" data-testid="projects-card-progress">{item.progress} %</Text>
        {item.priority !== 'normal' && <Text size="xs" c={item.priority === 'urgent' ? 'red' : 'dimmed'}>{PRIORITY_LABELS[item.priority]}</Text>}
        {(item.alert || item.helpRequired) && <Badge size="xs" color="orange">{item.alert ? 'Alerte' : 'Aide demandée'}</Badge>}
      </Group>
    </Card>
  );
}

function Column({ status, label, items }: { status: ItemStatus; label: string; items: ProjectItem[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  return (
    <Paper ref={setNodeRef} withBorder p="sm" bg={isOver ? 'var(--mantine-color-blue-light)' : undefined} mih={240} data-testid={`projects-column-${status}`} aria-label={label}>
      <Title order={3} size="h5" mb="sm">{label} ({items.length})</Title>
      <Stack gap="xs">{items.map((i) => <ItemCard key={i._id} item={i} />)}</Stack>
    </Paper>
  );
}

export function BoardScreen() {
  const { api, can, basePath } = useComptoir();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const choice = useProjectChoice();
  const items = useList<ProjectItem>(ITEMS, {
    filters: choice.projectId ? { 'fk.project': { mode: 'eq', value: choice.projectId } } : {},
    sort: { field: 'lastActivity', ascending: false }, pagination: { quantity: 500 },
  }, { enabled: !!choice.projectId });
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [type, setType] = useState<'idea' | 'issue'>('idea');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor));

  async function onDragEnd(event: DragEndEvent) {
    const to = event.over?.id as ItemStatus | undefined;
    if (!to || to === event.active.data.current?.status) return;
    setError(null);
    try {
      await api.post(`${ITEMS}/${event.active.id}/move`, { status: to });
    } catch (e) {
      setError(errorText(e));
    }
    await invalidate(ITEMS);
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const item = await api.post<ProjectItem>(ITEMS, { name, type, fk: { project: choice.projectId } });
      await invalidate(ITEMS);
      navigate(`${basePath ?? '/projets'}/elements/${item._id}`);
    } catch (e) {
      setError(errorText(e));
    }
  }

  const rows = items.data?.data ?? [];
  return (
    <Stack data-testid="projects-board">
      <PageHeader title="Projets" />
      <ProjectNav choice={choice} />
      {error && <Alert color="red" title="Action impossible" data-testid="projects-error">{error}</Alert>}
      {!choice.loading && choice.projects.length === 0 && <Text c="dimmed">Aucun projet pour l’instant : un gestionnaire des projets en crée un dans « Droits ».</Text>}
      {choice.projectId && can(WRITE) && (
        <form onSubmit={create}>
          <Group align="end">
            <TextInput label="Nouvelle idée ou nouvel incident" placeholder="Nom" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <SegmentedControl value={type} onChange={(v) => setType(v as 'idea' | 'issue')} data={[{ value: 'idea', label: 'Idée' }, { value: 'issue', label: 'Incident' }]} />
            <Button type="submit">Proposer</Button>
          </Group>
        </form>
      )}
      {items.isError && <Alert color="red" title="Chargement impossible">{errorText(items.error)}</Alert>}
      {choice.projectId && (items.isPending ? <Loader /> : (
        <DndContext sensors={sensors} onDragEnd={onDragEnd}>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {STATUS_COLUMNS.map((c) => <Column key={c.status} status={c.status} label={c.label} items={rows.filter((i) => i.status === c.status)} />)}
          </SimpleGrid>
        </DndContext>
      ))}
    </Stack>
  );
}
