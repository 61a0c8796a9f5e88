/**
 * The screens of « Sites web ». The shell mounts this component under the menu path
 * (`/sites-web/*`): the routes below are relative to it. The page editor's GrapesJS chunk is
 * loaded by EditorScreen only (README « Editor »).
 */
import { Route, Routes } from 'react-router';
import { Text } from '@mantine/core';
import { WebsitesScreen } from './sites/WebsitesScreen.tsx';
import { WebsiteScreen } from './sites/WebsiteScreen.tsx';
import { ArticlesScreen } from './articles/ArticlesScreen.tsx';
import { ArticleScreen } from './articles/ArticleScreen.tsx';
import { EditorScreen } from './editor/EditorScreen.tsx';
import { TemplatesScreen } from './templates/TemplatesScreen.tsx';

export default function App() {
  return (
    <Routes>
      <Route index element={<WebsitesScreen />} />
      <Route path="articles" element={<ArticlesScreen />} />
      <Route path="articles/:id" element={<ArticleScreen />} />
      <Route path="modeles" element={<TemplatesScreen />} />
      <Route path=":id" element={<WebsiteScreen />} />
      <Route path=":id/pages/:layoutId" element={<EditorScreen />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
