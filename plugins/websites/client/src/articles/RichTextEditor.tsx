/**
 * The rich-text editor of articles (TipTap 3, StarterKit: headings, bold, italic, underline, lists,
 * quotes, links), loaded lazily by ArticleScreen — a chunk of its own. It writes HTML; the server
 * sanitises it when saved and when drawn (README « Safety »), so what the editor allows is a
 * convenience, never the guard.
 */
import { useState } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Group, Input, TextInput } from '@mantine/core';
import './rich-text.css';

export interface RichTextEditorProps {
  label: string;
  value: string;
  readOnly: boolean;
  onChange(html: string): void;
}

const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|\/)/i;

export default function RichTextEditor({ label, value, readOnly, onChange }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, protocols: ['mailto', 'tel'] } })],
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': label, 'data-testid': 'article-rich-text', class: 'cpt-rich-text' } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'), italic: e.isActive('italic'), underline: e.isActive('underline'), h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }), bullets: e.isActive('bulletList'), numbers: e.isActive('orderedList'), quote: e.isActive('blockquote'),
      link: e.isActive('link'), undo: e.can().undo(), redo: e.can().redo(),
    }),
  });
  const [linking, setLinking] = useState<string | null>(null);

  const tool = (name: string, active: boolean, run: () => void, disabled = false) => (
    <Button key={name} size="compact-xs" variant={active ? 'filled' : 'default'} aria-pressed={active} disabled={readOnly || disabled}
      onMouseDown={(e) => e.preventDefault()} onClick={run}>{name}</Button>
  );
  const chain = () => editor.chain().focus();

  function applyLink() {
    const url = (linking ?? '').trim();
    if (!url) chain().extendMarkRange('link').unsetLink().run();
    else if (SAFE_LINK.test(url)) chain().extendMarkRange('link').setLink({ href: url }).run();
    setLinking(null);
  }

  return (
    <Input.Wrapper label={label}>
      {!readOnly && (
        <Group gap={4} my={4} role="toolbar" aria-label="Mise en forme">
          {tool('Gras', state.bold, () => chain().toggleBold().run())}
          {tool('Italique', state.italic, () => chain().toggleItalic().run())}
          {tool('Souligné', state.underline, () => chain().toggleUnderline().run())}
          {tool('Titre', state.h2, () => chain().toggleHeading({ level: 2 }).run())}
          {tool('Sous-titre', state.h3, () => chain().toggleHeading({ level: 3 }).run())}
          {tool('Liste', state.bullets, () => chain().toggleBulletList().run())}
          {tool('Liste numérotée', state.numbers, () => chain().toggleOrderedList().run())}
          {tool('Citation', state.quote, () => chain().toggleBlockquote().run())}
          {tool('Lien', state.link, () => setLinking(String(editor.getAttributes('link').href ?? '')))}
          {tool('Annuler', false, () => chain().undo().run(), !state.undo)}
          {tool('Rétablir', false, () => chain().redo().run(), !state.redo)}
        </Group>
      )}
      {linking !== null && (
        <Group gap="xs" my={4} align="end">
          <TextInput size="xs" label="Adresse du lien" placeholder="https://… (vide : retirer le lien)" value={linking} autoFocus
            error={linking && !SAFE_LINK.test(linking.trim()) ? 'https://, mailto:, tel: ou un chemin commençant par « / »' : undefined}
            onChange={(e) => setLinking(e.currentTarget.value)} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); applyLink(); } }} />
          <Button size="xs" onClick={applyLink}>Appliquer</Button>
          <Button size="xs" variant="default" onClick={() => setLinking(null)}>Fermer</Button>
        </Group>
      )}
      <EditorContent editor={editor} />
    </Input.Wrapper>
  );
}
