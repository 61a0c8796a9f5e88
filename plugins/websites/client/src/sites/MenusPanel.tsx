/**
 * A website's menus and their items (README « Menus »): each menu a tree drawn in order; items are
 * dragged to a new place among their siblings (@dnd-kit, with the keyboard too: focus the handle,
 * Space, arrows, Space), nested under the item above (« → ») or taken out one level (« ← »); the new
 * order is written at once in one request (`PUT /menus/:id/order`). Each page item opens its
 * layout in the page editor (a layout is made for it the first time).
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Alert, Button, Card, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useComptoir, useInvalidate, useList } from '@comptoir/sdk/react';
import { LAYOUTS, MANAGE, MENUS, MENU_ITEMS, errorText, type Menu, type MenuItem, type PageLayout } from '../api.ts';

export function MenusPanel({ websiteId }: { websiteId: string }) {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const menus = useList<Menu>(MENUS, { filters: { 'fk.website': { mode: 'eq', value: websiteId } }, pagination: { quantity: 50 } });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const first = (menus.data?.data ?? []).length === 0;
      await api.post(MENUS, { name, main: first, fk: { website: websiteId } });
      setName('');
      await invalidate(MENUS);
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <Stack data-testid="website-menus">
      <Title order={3}>Menus</Title>
      {(menus.data?.data ?? []).map((m) => <MenuCard key={m._id} menu={m} />)}
      {can(MANAGE) && (
        <form onSubmit={create}>
          {error && <Alert color="red" mb="sm">{error}</Alert>}
          <Group align="end">
            <TextInput label="Nouveau menu" placeholder="Menu principal" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Button type="submit">Ajouter le menu</Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}

interface Placed { item: MenuItem; depth: number }

/** The items in tree order (children after their parent, siblings by position then name). */
function treeOrder(items: MenuItem[]): Placed[] {
  const ids = new Set(items.map((i) => i._id));
  const children = new Map<string | null, MenuItem[]>();
  for (const i of items) {
    const parent = i.fk.parent && ids.has(i.fk.parent) ? i.fk.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), i]);
  }
  const out: Placed[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const i of [...(children.get(parent) ?? [])].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))) {
      if (seen.has(i._id)) continue;
      seen.add(i._id);
      out.push({ item: i, depth });
      walk(i._id, depth + 1);
    }
  };
  walk(null, 0);
  // an item caught in a cycle written around the API still shows, at the top
  for (const i of items) if (!seen.has(i._id)) out.push({ item: i, depth: 0 });
  return out;
}

type Order = { _id: string; position: number; parent: string | null }[];

/** positions 1…n among siblings, from the items' tree order and their parents */
function orderOf(list: { _id: string; parent: string | null }[]): Order {
  const counters = new Map<string | null, number>();
  return list.map((x) => {
    const n = (counters.get(x.parent) ?? 0) + 1;
    counters.set(x.parent, n);
    return { _id: x._id, position: n, parent: x.parent };
  });
}

function MenuCard({ menu }: { menu: Menu }) {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const items = useList<MenuItem>(MENU_ITEMS, { filters: { 'fk.menu': { mode: 'eq', value: menu._id } }, sort: { field: 'position', ascending: true }, pagination: { quantity: 200 } });
  const [form, setForm] = useState({ name: '', alias: '' });
  const [error, setError] = useState<string | null>(null);
  // the order shown while the server writes it (no jump back during the request)
  const [pending, setPending] = useState<Placed[] | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const manage = can(MANAGE);

  const rows = pending ?? treeOrder(items.data?.data ?? []);
  const parentOf = (p: Placed) => (p.item.fk.parent && rows.some((r) => r.item._id === p.item.fk.parent) ? p.item.fk.parent : null);

  async function write(next: { item: MenuItem; parent: string | null; depth: number }[]) {
    setError(null);
    setPending(next.map((n) => ({ item: { ...n.item, fk: { ...n.item.fk, parent: n.parent ?? undefined } }, depth: n.depth })));
    try {
      await api.put(`${MENUS}/${menu._id}/order`, { items: orderOf(next.map((n) => ({ _id: n.item._id, parent: n.parent }))) });
      await invalidate(MENU_ITEMS);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setPending(null);
    }
  }

  const current = () => rows.map((r) => ({ item: r.item, parent: parentOf(r), depth: r.depth }));

  /** dropped on another item: takes its place among that item's siblings (with its own subtree) */
  function onDragEnd(e: DragEndEvent) {
    if (!e.over || e.active.id === e.over.id) return;
    const list = current();
    const from = list.findIndex((r) => r.item._id === e.active.id);
    const to = list.findIndex((r) => r.item._id === e.over!.id);
    if (from < 0 || to < 0) return;
    const moved = list[from];
    const subtree = [moved, ...list.slice(from + 1).filter((_, k, rest) => rest.slice(0, k + 1).every((r) => r.depth > moved.depth))];
    const target = list[to];
    const rest = list.filter((r) => !subtree.includes(r));
    const depthShift = target.depth - moved.depth;
    const shifted = subtree.map((r, k) => ({ ...r, depth: r.depth + depthShift, parent: k === 0 ? target.parent : r.parent }));
    let at = rest.indexOf(target);
    if (from < to) {
      // dropped below: after the target's own subtree
      at += 1;
      while (at < rest.length && rest[at].depth > target.depth) at += 1;
    }
    void write([...rest.slice(0, at), ...shifted, ...rest.slice(at)]);
  }

  /** under the previous sibling (« → ») or out to the parent's level (« ← ») */
  function nest(index: number, inward: boolean) {
    const list = current();
    const row = list[index];
    if (inward) {
      const above = list.slice(0, index).reverse().find((r) => r.depth === row.depth);
      if (!above || above.parent !== row.parent) return;
      void write(list.map((r) => (r === row ? { ...r, parent: above.item._id, depth: r.depth + 1 } : r)));
    } else {
      if (!row.parent) return;
      const parent = list.find((r) => r.item._id === row.parent)!;
      void write(list.map((r) => (r === row ? { ...r, parent: parent.parent, depth: parent.depth } : r)));
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const position = rows.filter((r) => !parentOf(r)).length + 1;
      await api.post(MENU_ITEMS, { name: form.name, alias: form.alias, position, fk: { menu: menu._id } });
      setForm({ name: '', alias: '' });
      await invalidate(MENU_ITEMS);
    } catch (e) {
      setError(errorText(e));
    }
  }

  /** the item's layout in the editor; a page without one gets an empty layout of its name first */
  async function openLayout(item: MenuItem) {
    setError(null);
    try {
      let layoutId = item.fk.layout;
      if (!layoutId) {
        const layout = await api.post<PageLayout>(LAYOUTS, { name: item.label || item.name, contents: [] });
        await api.put(`${MENU_ITEMS}/${item._id}`, { fk: { layout: layout._id } });
        await invalidate(MENU_ITEMS);
        layoutId = layout._id;
      }
      await navigate(`pages/${layoutId}`);
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <Card withBorder data-testid="menu-card" data-menu={menu.name}>
      <Title order={4}>{menu.name}{menu.main ? ' (principal)' : ''}</Title>
      {manage && rows.length > 1 && <Text size="xs" c="dimmed">Glissez un élément par sa poignée pour le déplacer.</Text>}
      {error && <Alert color="red" my="sm">{error}</Alert>}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={rows.map((r) => r.item._id)} strategy={verticalListSortingStrategy}>
          <Stack gap={4} mt="sm" data-testid="menu-items" role="list" aria-label={`Éléments du menu ${menu.name}`}>
            {rows.map((r, index) => (
              <ItemRow key={r.item._id} placed={r} manage={manage}
                onNest={(inward) => nest(index, inward)} onOpen={() => void openLayout(r.item)} />
            ))}
            {rows.length === 0 && <Text c="dimmed">Aucun élément.</Text>}
          </Stack>
        </SortableContext>
      </DndContext>
      {manage && (
        <form onSubmit={add}>
          <Group align="end" mt="sm">
            <TextInput label="Élément" placeholder="Contact" required value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} />
            <TextInput label="Chemin" placeholder="/contact" required value={form.alias} onChange={(e) => setForm({ ...form, alias: e.currentTarget.value })} />
            <Button type="submit">Ajouter</Button>
          </Group>
        </form>
      )}
    </Card>
  );
}

function ItemRow({ placed, manage, onNest, onOpen }: { placed: Placed; manage: boolean; onNest(inward: boolean): void; onOpen(): void }) {
  const { item, depth } = placed;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item._id, disabled: !manage });
  const label = item.label || item.name;
  return (
    <Group ref={setNodeRef} role="listitem" data-testid="menu-item" data-name={label} wrap="nowrap" gap="xs"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1, marginLeft: depth * 24,
        border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, padding: '4px 8px', background: 'var(--mantine-color-body)' }}>
      {manage && (
        <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray" aria-label={`Déplacer « ${label} »`} data-testid="menu-item-handle"
          style={{ cursor: 'grab', touchAction: 'none' }} {...attributes} {...listeners}>⠿</ActionIcon>
      )}
      <Text fw={500} style={{ flex: 1 }}>{label}</Text>
      <Text c="dimmed" size="sm">{item.alias ?? item.pathTemplate ?? ''}</Text>
      {manage && (
        <>
          <Tooltip label="Placer sous l’élément au-dessus"><ActionIcon variant="subtle" aria-label={`Placer « ${label} » sous l’élément au-dessus`} onClick={() => onNest(true)}>→</ActionIcon></Tooltip>
          <Tooltip label="Remonter d’un niveau"><ActionIcon variant="subtle" aria-label={`Remonter « ${label} » d’un niveau`} disabled={depth === 0} onClick={() => onNest(false)}>←</ActionIcon></Tooltip>
          {(item.type ?? 'page') === 'page' && <Button size="compact-xs" variant="light" onClick={onOpen}>Mise en page</Button>}
        </>
      )}
    </Group>
  );
}
