/**
 * A demo survey for the demo company (`npm start`, `npm run seed-demo`): a satisfaction form with
 * the common question types and a few answers, only in a company that has no survey yet.
 */
import type { CallContext } from '@comptoir/sdk';
import { Surveys } from './entities.ts';
import { surveysService } from './services/surveys/surveys.ts';
import { resultsService } from './services/results/results.ts';

export const DEMO_SURVEY = {
  name: 'Satisfaction client',
  description: 'Votre avis sur votre dernière visite.',
  json: {
    pages: [{
      name: 'page1',
      elements: [
        { type: 'rating', name: 'note', title: 'Quelle note donnez-vous à votre visite ?', isRequired: true, rateMin: 1, rateMax: 5 },
        { type: 'radiogroup', name: 'revenir', title: 'Reviendrez-vous ?', choices: [{ value: 'oui', text: 'Oui' }, { value: 'peut-etre', text: 'Peut-être' }, { value: 'non', text: 'Non' }] },
        { type: 'checkbox', name: 'points', title: 'Ce qui vous a plu', choices: [{ value: 'accueil', text: 'L’accueil' }, { value: 'prix', text: 'Les prix' }, { value: 'choix', text: 'Le choix' }], showOtherItem: true },
        { type: 'comment', name: 'remarques', title: 'Une remarque ?' },
      ],
    }],
  },
};

const DEMO_ANSWERS = [
  { note: 5, revenir: 'oui', points: ['accueil', 'choix'], remarques: 'Très bon accueil.' },
  { note: 4, revenir: 'oui', points: ['prix'] },
  { note: 3, revenir: 'peut-etre', points: ['other'], 'points-Comment': 'La terrasse' },
];

export async function seedDemo(ctx: CallContext): Promise<void> {
  if ((await ctx.repo(Surveys).count()) > 0) return;
  const survey = await surveysService(ctx).create(DEMO_SURVEY);
  for (const data of DEMO_ANSWERS) await resultsService(ctx).submit({ surveyId: survey._id, data, origin: 'user' });
}
