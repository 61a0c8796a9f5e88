/** `postes`: the SIP phones (PBX users) Asterisk knows; their secret is made by the server. */
import { Code, TextInput } from '@mantine/core';
import { USERS, type PbxUser } from '../api.ts';
import { RecordsScreen } from '../common/RecordsScreen.tsx';

interface Values { username: string; number: string; callerid: string; context: string; mailbox: string; host: string }

export function UsersScreen() {
  return (
    <RecordsScreen<PbxUser, Values>
      testId="pbx-users" title="Postes" path={USERS} noun={['poste', 'postes']} addLabel="Nouveau poste"
      description="Les téléphones SIP : identifiant, numéro interne, contexte. Le mot de passe SIP est généré par Comptoir (30 caractères)."
      saved="Le poste est enregistré."
      name={(r) => r.username} sortField="username" empty="Aucun poste pour l’instant."
      columns={[
        { label: 'Identifiant', field: 'username', render: (r) => r.username },
        { label: 'Numéro', field: 'number', render: (r) => r.number },
        { label: 'Présentation', render: (r) => r.callerid ?? '' },
        { label: 'Contexte', render: (r) => r.context },
        { label: 'Mot de passe SIP', render: (r) => <Code>{r.secret}</Code> },
      ]}
      valuesOf={(r) => ({ username: r?.username ?? '', number: r?.number ?? '', callerid: r?.callerid ?? '', context: r?.context ?? 'local', mailbox: r?.mailbox ?? '@default', host: r?.host ?? 'dynamic' })}
      bodyOf={(v) => ({ username: v.username, number: v.number, ...(v.callerid ? { callerid: v.callerid } : {}), context: v.context, mailbox: v.mailbox, host: v.host })}
      fields={(form) => (
        <>
          <TextInput label="Identifiant SIP" required {...form.getInputProps('username')} />
          <TextInput label="Numéro interne" required {...form.getInputProps('number')} />
          <TextInput label="Présentation (nom affiché)" {...form.getInputProps('callerid')} />
          <TextInput label="Contexte" {...form.getInputProps('context')} />
          <TextInput label="Messagerie" {...form.getInputProps('mailbox')} />
          <TextInput label="Hôte" description="« dynamic » : le téléphone s’enregistre lui-même." {...form.getInputProps('host')} />
        </>
      )}
    />
  );
}
