/** The tables of « Questionnaires »: surveys, their results, the statistics' counters. A snapshot: later changes are new migrations. */
import { createEntityTable, type Migration } from '@comptoir/sdk';

export const surveys: Migration = {
  name: '20261128002434_surveys',
  async up(db) {
    await createEntityTable(db, 'surveys_surveys', {
      name: 'string', description: 'text', json: 'json', sendNotification: 'bool', completedHtmlOnCondition: 'json',
      testResultsCount: 'int', realResultsCount: 'int', questionsResultsToShowInList: 'json', attachments: 'json',
      questionsOnPageMode: 'string', open: 'bool',
    }, { companyScoped: true, indexes: [['fk_company', 'name', '_id']] });
    await createEntityTable(db, 'surveys_results', {
      testMode: 'bool', submissionDate: 'date', attachments: 'json', data: 'json', origin: 'string', fk_survey: 'id',
    }, { companyScoped: true, indexes: [['fk_company', 'fk_survey', 'testMode', 'submissionDate', '_id'], ['fk_company', 'submissionDate', '_id']] });
    await createEntityTable(db, 'surveys_counters', {
      testMode: 'bool', resultsCount: 'int', counters: 'json', fk_survey: 'id',
    }, { companyScoped: true, unique: [['fk_company', 'fk_survey', 'testMode']] });
  },
  async down(db) {
    for (const t of ['surveys_counters', 'surveys_results', 'surveys_surveys']) await db.schema.dropTableIfExists(t);
  },
};
