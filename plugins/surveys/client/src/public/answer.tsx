/**
 * The public answer page of a survey (`/plugins/surveys/public/answer.html?company=…&survey=…`),
 * opened by visitors without an account — from the website block, a link or a QR code. It reads
 * the form from `GET /api/surveys/public/surveys/:id` and sends the answers to
 * `POST /api/surveys/public/surveys/:id/results`, with the company header only.
 */
import { StrictMode, Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './answer.css';

const SurveyForm = lazy(() => import('../form/SurveyForm.tsx'));

interface PublicSurvey {
  _id: string;
  name: string;
  description?: string;
  json: Record<string, unknown>;
  questionsOnPageMode: string;
  completedHtmlOnCondition: { expression: string; html: string }[];
}

const params = new URLSearchParams(window.location.search);
const company = params.get('company') ?? '';
const surveyId = params.get('survey') ?? '';
const base = `/api/surveys/public/surveys/${encodeURIComponent(surveyId)}`;
const linkComplete = /^[0-9a-f]{24}$/.test(company) && /^[0-9a-f]{24}$/.test(surveyId);

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, { ...init, headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'AT-Company': company } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(typeof body?.message === 'string' ? body.message : 'Le serveur ne répond pas : réessayez plus tard.');
  return body as T;
}

function AnswerPage() {
  const [survey, setSurvey] = useState<PublicSurvey | null>(null);
  const [error, setError] = useState<string | null>(linkComplete ? null : 'Ce lien de questionnaire est incomplet.');
  useEffect(() => {
    if (!linkComplete) return;
    call<PublicSurvey>(base).then((s) => { setSurvey(s); document.title = s.name; }, (e: Error) => setError(e.message));
  }, []);
  const submit = useCallback(async (data: Record<string, unknown>) => {
    await call(`${base}/results`, { method: 'POST', body: JSON.stringify({ data }) });
  }, []);
  if (error) return <p role="alert" className="survey-error">{error}</p>;
  if (!survey) return <p>Chargement du questionnaire…</p>;
  return (
    <>
      <header>
        <h1>{survey.name}</h1>
        {survey.description && <p>{survey.description}</p>}
      </header>
      <Suspense fallback={<p>Chargement du questionnaire…</p>}>
        <SurveyForm json={survey.json} questionsOnPageMode={survey.questionsOnPageMode} completedHtmlOnCondition={survey.completedHtmlOnCondition} onSubmit={submit} />
      </Suspense>
    </>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><AnswerPage /></StrictMode>);
