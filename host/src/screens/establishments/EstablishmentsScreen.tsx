/**
 * `/etablissements`: the list, `nouveau`, and `:id` (the editor with its opening hours). Members
 * read; kernel.establishments.manage writes.
 */
import { Route, Routes, useParams } from 'react-router';
import type { Establishment } from '@comptoir/schemas';
import { useEntity } from '@comptoir/sdk/react';
import { QueryFailed } from '@comptoir/sdk/ui';
import { ScreenLoader } from '../../layout/FullPageLoader.tsx';
import { EstablishmentEditor } from './EstablishmentEditor.tsx';
import { EstablishmentsList } from './EstablishmentsList.tsx';
import { ESTABLISHMENTS_PATH } from './establishmentValues.ts';

function ExistingEstablishment() {
  const { id } = useParams();
  const establishment = useEntity<Establishment>(ESTABLISHMENTS_PATH, id);
  if (establishment.isPending) return <ScreenLoader />;
  if (establishment.isError) return <QueryFailed error={establishment.error} onRetry={() => void establishment.refetch()} />;
  return <EstablishmentEditor key={establishment.data._id} establishment={establishment.data} />;
}

export default function EstablishmentsScreen() {
  return (
    <Routes>
      <Route index element={<EstablishmentsList />} />
      <Route path="nouveau" element={<EstablishmentEditor establishment={null} />} />
      <Route path=":id" element={<ExistingEstablishment />} />
    </Routes>
  );
}
