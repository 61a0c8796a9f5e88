/**
 * The screens of « Questionnaires ». The shell mounts this component under the menu path
 * (`/questionnaires/*`): the routes below are relative to it.
 */
import { Route, Routes } from 'react-router';
import { Text } from '@mantine/core';
import { SurveysScreen } from './surveys/SurveysScreen.tsx';
import { SurveyScreen } from './surveys/SurveyScreen.tsx';

export default function App() {
  return (
    <Routes>
      <Route index element={<SurveysScreen />} />
      <Route path=":id" element={<SurveyScreen tab="editor" />} />
      <Route path=":id/statistiques" element={<SurveyScreen tab="statistics" />} />
      <Route path=":id/reponses" element={<SurveyScreen tab="results" />} />
      <Route path="*" element={<Text>Cette page n’existe pas.</Text>} />
    </Routes>
  );
}
