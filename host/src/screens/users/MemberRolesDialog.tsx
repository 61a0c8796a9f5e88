/** PUT /api/kernel/users/:id/roles: the roles a member holds in the active company. */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useComptoir, useInvalidate } from '@comptoir/sdk/react';
import { errorMessage } from '../../api.ts';
import { notifySaved } from '@comptoir/sdk/ui';
import { RoleCheckboxes } from './RoleCheckboxes.tsx';
import { USERS_PATH, memberName, type Member, type RoleRecord } from './userTypes.ts';

export function MemberRolesDialog({ member, roles, onClose }: { member: Member; roles: readonly RoleRecord[]; onClose(): void }) {
  const { api, user } = useComptoir();
  const invalidate = useInvalidate();
  const queries = useQueryClient();
  const [value, setValue] = useState(() => (member.roles ?? []).filter((id) => roles.some((r) => r._id === id)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function save() {
    setBusy(true);
    setError(null);
    try {
      await api.put(`${USERS_PATH}/${encodeURIComponent(member._id)}/roles`, { roles: value });
      await invalidate(USERS_PATH);
      // my own roles changed: my permissions (menu, screens) follow
      if (member._id === user?._id) void queries.invalidateQueries({ queryKey: ['kernel', 'auth', 'me'] });
      notifySaved(`Les rôles de ${memberName(member)} sont enregistrés.`);
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={() => !busy && onClose()} title={`Rôles de ${memberName(member)}`}>
      <Stack>
        <RoleCheckboxes roles={roles} value={value} onChange={setValue} />
        {error !== null && <Alert color="red" title="Enregistrement impossible" role="alert">{errorMessage(error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>Annuler</Button>
          <Button onClick={() => void save()} loading={busy}>Enregistrer</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
