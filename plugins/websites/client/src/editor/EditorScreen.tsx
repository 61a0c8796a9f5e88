/**
 * The editor screen of one layout of one website (`/sites-web/<site>/pages/<layout>`): reads what
 * the editor needs (the layout, the block types, the site's canvas styles), then loads the GrapesJS
 * editor — a chunk of its own (`import()`), downloaded on this screen only.
 */
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Group, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useComptoir, useEntity, useInvalidate } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { BLOCK_TYPES, LAYOUTS, MANAGE, WEBSITES, errorText, type PageLayout, type Website } from '../api.ts';
import type { BlockTypeInfo } from './tree-map.ts';

const PageEditor = lazy(() => import('./PageEditor.tsx'));

export function EditorScreen() {
  const { id, layoutId } = useParams();
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const site = useEntity<Website>(WEBSITES, id);
  const layout = useQuery({ queryKey: ['websites', 'editor-layout', layoutId], queryFn: () => api.get<PageLayout>(`${LAYOUTS}/${layoutId}`), staleTime: Infinity });
  const types = useQuery({ queryKey: ['websites', 'block-types'], queryFn: () => api.get<BlockTypeInfo[]>(BLOCK_TYPES) });
  const styles = useQuery({ queryKey: ['websites', 'editor-styles', id], queryFn: () => api.get<{ css: string }>(`${WEBSITES}/${id}/editor-styles`) });
  const failed = [site, layout, types, styles].find((q) => q.isError);
  if (failed) return <Alert color="red" title="Éditeur indisponible">{errorText(failed.error)}</Alert>;
  if (!site.data || !layout.data || !types.data || !styles.data) return <Loader />;
  return (
    <Stack gap="xs">
      <PageHeader title={`Mise en page : ${layout.data.name}`} />
      <Group><Anchor component={Link} to="../.." relative="path">← {site.data.name}</Anchor></Group>
      <Suspense fallback={<Loader aria-label="Chargement de l’éditeur" />}>
        <PageEditor
          key={layout.data._id}
          api={api}
          websiteId={site.data._id}
          layout={layout.data}
          blockTypes={types.data}
          css={styles.data.css}
          readOnly={!can(MANAGE)}
          onSaved={() => { void invalidate(LAYOUTS); }}
        />
      </Suspense>
    </Stack>
  );
}
