/**
 * A SurveyJS form (survey-core + survey-react-ui, MIT), in French, for the public answer page and
 * the editor's live preview. Loaded lazily (`lazy(() => import('./SurveyForm.tsx'))`): SurveyJS
 * weighs about 1 MB and only these two screens need it. The font-less stylesheet: the page's own
 * font, and nothing fetched from another site (the Content-Security-Policy allows none).
 */
import { useEffect, useMemo } from 'react';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import 'survey-core/survey-core.fontless.min.css';
import 'survey-core/i18n/french';

export interface SurveyFormProps {
  json: Record<string, unknown>;
  questionsOnPageMode?: string;
  completedHtmlOnCondition?: { expression: string; html: string }[];
  /** sends the answers; a rejection shows its French message on the form */
  onSubmit(data: Record<string, unknown>): Promise<void>;
}

export default function SurveyForm({ json, questionsOnPageMode, completedHtmlOnCondition, onSubmit }: SurveyFormProps) {
  const key = JSON.stringify([json, questionsOnPageMode, completedHtmlOnCondition]);
  const model = useMemo(() => {
    const m = new Model({ ...json, questionsOnPageMode: questionsOnPageMode ?? 'standard', completedHtmlOnCondition: completedHtmlOnCondition ?? [] });
    m.locale = 'fr';
    return m;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the definition's text changes
  }, [key]);
  useEffect(() => {
    const handler = (sender: Model, options: { showSaveInProgress(): void; showSaveSuccess(): void; showSaveError(text?: string): void }) => {
      options.showSaveInProgress();
      onSubmit(sender.data as Record<string, unknown>)
        .then(() => options.showSaveSuccess())
        .catch((e: unknown) => options.showSaveError(e instanceof Error && e.message ? e.message : 'L’envoi a échoué.'));
    };
    model.onComplete.add(handler);
    return () => model.onComplete.remove(handler);
  }, [model, onSubmit]);
  return <Survey model={model} />;
}
