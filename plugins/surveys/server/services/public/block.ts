/**
 * The « Questionnaire » block of the websites (extension point `websites.blocks`, README « Website
 * block »): the survey's name and description and a button to its public answer page. The page is
 * served by this plugin's client build under `/plugins/surveys/`, which every host of the server
 * answers, so the link stays on the company's own domain.
 */
import { contribute, html, websiteBlocks, type CallContext } from '@comptoir/sdk';
import { Surveys } from '../../entities.ts';

/** The public answer page of a survey (client/src/public/), relative to any host of the server. */
export const answerPagePath = (companyId: string, surveyId: string) =>
  `/plugins/surveys/public/answer.html?company=${encodeURIComponent(companyId)}&survey=${encodeURIComponent(surveyId)}`;

async function render(ctx: CallContext, settings: Record<string, unknown>, place: { companyId: string }): Promise<string> {
  const id = typeof settings.survey === 'string' ? settings.survey : '';
  const survey = /^[0-9a-f]{24}$/.test(id) ? await ctx.repo(Surveys).find(id) : null;
  if (!survey || !survey.open) return html`<section class="survey-block"><p>Ce questionnaire n’est pas disponible.</p></section>`.value;
  const label = typeof settings.buttonLabel === 'string' && settings.buttonLabel.trim() ? settings.buttonLabel : 'Répondre au questionnaire';
  return html`<section class="survey-block">
  <h2>${survey.name}</h2>
  ${survey.description ? html`<p>${survey.description}</p>` : ''}
  <p><a class="btn btn-primary" href="${answerPagePath(place.companyId, survey._id)}">${label}</a></p>
</section>`.value;
}

export const blockContributions = [
  contribute(websiteBlocks, {
    identifier: 'survey-form',
    name: 'Questionnaire',
    description: 'Un questionnaire de l’entreprise, avec un bouton vers sa page de réponse.',
    category: 'content',
    params: [
      { name: 'survey', label: 'Questionnaire', kind: 'id', entity: 'surveys.surveys' },
      { name: 'buttonLabel', label: 'Texte du bouton', kind: 'string', default: 'Répondre au questionnaire' },
    ],
    render,
  }),
];
