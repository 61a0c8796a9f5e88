/** The screens of customers (`/clients`) or providers (`/fournisseurs`), relative to their mount. */
import { Route, Routes, useParams } from 'react-router';
import { Text } from '@mantine/core';
import { useEntity } from '@comptoir/sdk/react';
import { PageHeader, QueryFailed } from '@comptoir/sdk/ui';
import { PARTY_KINDS, type Party, type PartyKind } from '../api.ts';
import { PartiesList } from './PartiesList.tsx';
import { PartyDetail } from './PartyDetail.tsx';
import { PartyForm } from './PartyForm.tsx';

function PartyEdit({ kind }: { kind: PartyKind }) {
  const { id = '' } = useParams();
  const party = useEntity<Party>(PARTY_KINDS[kind].path, id);
  if (party.isError) return <QueryFailed error={party.error} />;
  if (!party.data) return <Text c="dimmed">Chargement…</Text>;
  return (
    <>
      <PageHeader title={`Modifier « ${party.data.displayName} »`} />
      <PartyForm key={party.data._id} kind={kind} party={party.data} />
    </>
  );
}

export function PartiesRoutes({ kind }: { kind: PartyKind }) {
  return (
    <Routes>
      <Route index element={<PartiesList kind={kind} />} />
      <Route path="nouveau" element={<><PageHeader title={PARTY_KINDS[kind].newLabel} /><PartyForm kind={kind} /></>} />
      <Route path=":id" element={<PartyDetail kind={kind} />} />
      <Route path=":id/modifier" element={<PartyEdit kind={kind} />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
