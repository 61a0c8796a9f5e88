/** The services of « Questionnaires » by name: what the routes resolve. */
import { surveysService } from './surveys/surveys.ts';
import { resultsService } from './results/results.ts';
import { statisticsService } from './statistics/statistics.ts';
import { exportService } from './export/export.ts';
import { publicService } from './public/public.ts';

export const SERVICES = {
  surveys: surveysService,
  results: resultsService,
  statistics: statisticsService,
  export: exportService,
  public: publicService,
};
