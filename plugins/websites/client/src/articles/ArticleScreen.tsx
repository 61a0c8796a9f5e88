/**
 * One article: title, author, date, summary and its content, written in a rich-text editor (TipTap,
 * a chunk loaded on this screen only); the server cleans the HTML when saved and when drawn.
 */
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Group, Loader, Stack, Textarea, TextInput } from '@mantine/core';
import { useComptoir, useEntity, useInvalidate } from '@comptoir/sdk/react';
import { PageHeader } from '@comptoir/sdk/ui';
import { ARTICLES, WRITE_ARTICLES, errorText, type Article } from '../api.ts';

const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

export function ArticleScreen() {
  const { id } = useParams();
  const article = useEntity<Article>(ARTICLES, id);
  if (article.isPending) return <Loader />;
  if (article.isError || !article.data) return <Alert color="red" title="Article introuvable">{errorText(article.error)}</Alert>;
  // keyed by the article only: its own save (which changes the stored date) keeps the form, its
  // « Article enregistré. » and the editor's undo history
  return <ArticleForm key={article.data._id} article={article.data} />;
}

function ArticleForm({ article }: { article: Article }) {
  const { api, can } = useComptoir();
  const invalidate = useInvalidate();
  const [form, setForm] = useState({ title: article.title, author: article.author ?? '', writtenDate: article.writtenDate.slice(0, 10), preview: article.preview ?? '', content: article.content ?? '' });
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const set = (patch: Partial<typeof form>) => { setSaved(false); setForm({ ...form, ...patch }); };

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await api.put(`${ARTICLES}/${article._id}`, {
        title: form.title, author: form.author || undefined, preview: form.preview || undefined, content: form.content,
        // the day unchanged keeps the stored moment (08:00 of today may still be ahead: the article would vanish until then)
        writtenDate: form.writtenDate === article.writtenDate.slice(0, 10) ? article.writtenDate : new Date(`${form.writtenDate}T08:00:00`).toISOString(),
      });
      await invalidate(ARTICLES);
      setSaved(true);
    } catch (e) {
      setError(errorText(e));
    }
  }

  const readOnly = !can(WRITE_ARTICLES);
  return (
    <form onSubmit={save} data-testid="article-form">
      <Stack maw={760}>
        <PageHeader title={article.title} />
        {error && <Alert color="red" title="Enregistrement impossible">{error}</Alert>}
        {saved && <Alert color="green">Article enregistré.</Alert>}
        <TextInput label="Titre" required value={form.title} readOnly={readOnly} onChange={(e) => set({ title: e.currentTarget.value })} />
        <Group grow>
          <TextInput label="Auteur" value={form.author} readOnly={readOnly} onChange={(e) => set({ author: e.currentTarget.value })} />
          <TextInput label="Date de publication" type="date" required value={form.writtenDate} readOnly={readOnly} onChange={(e) => set({ writtenDate: e.currentTarget.value })} />
        </Group>
        <Textarea label="Résumé (listes d’articles)" autosize minRows={2} value={form.preview} readOnly={readOnly} onChange={(e) => set({ preview: e.currentTarget.value })} />
        <Suspense fallback={<Loader size="sm" aria-label="Chargement de l’éditeur de texte" />}>
          <RichTextEditor label="Contenu" value={form.content} readOnly={readOnly} onChange={(content) => set({ content })} />
        </Suspense>
        {!readOnly && <Group><Button type="submit">Enregistrer</Button></Group>}
      </Stack>
    </form>
  );
}
