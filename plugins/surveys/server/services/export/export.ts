/**
 * The answers of a survey as a CSV (`;`, UTF-8 with BOM: what French spreadsheets open as is) or
 * an XLSX workbook (exceljs): one row per answer, oldest first, one column per question, read page
 * by page with the cursor (README « Export »).
 */
import ExcelJS from 'exceljs';
import type { CallContext, ListParams } from '@comptoir/sdk';
import type { SurveyResult } from '../../../schemas/index.ts';
import { Results, Surveys } from '../../entities.ts';
import { questionsOf } from '../surveys/definition.ts';
import { cellText, csvField } from './cells.ts';

const PAGE = 500;

export interface ExportedFile { fileName: string; mime: string; bytes: Buffer }

const parisDate = (iso: string) => new Date(iso).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' });

const PARIS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/** The Paris wall-clock time as a date without zone: what a spreadsheet cell shows (it has no time zones). */
function parisWallClock(iso: string): Date {
  const p = Object.fromEntries(PARIS.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return new Date(Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second));
}

/** A file name from the survey's name: letters, digits and dashes. */
export const fileBase = (name: string) =>
  name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'questionnaire';

export function exportService(ctx: CallContext) {
  async function rows(surveyId: string, testMode: boolean, each: (r: Pick<SurveyResult, 'submissionDate' | 'data'>) => void) {
    let cursor: string | undefined;
    for (;;) {
      const params: ListParams = {
        filters: { 'fk.survey': { mode: 'eq', value: surveyId, valueIsObjectId: true }, testMode: { mode: 'eq', value: testMode } },
        pagination: cursor ? { quantity: PAGE, cursor } : { quantity: PAGE },
        sort: { field: '_id', ascending: true },
        fields: ['submissionDate', 'data'],
      };
      const page = await ctx.repo(Results).list(params);
      for (const r of page.data) each(r);
      if (!page.next) return;
      cursor = page.next;
    }
  }

  return {
    async file(surveyId: string, format: 'csv' | 'xlsx', testMode = false): Promise<ExportedFile> {
      const survey = await ctx.repo(Surveys).get(surveyId);
      const questions = questionsOf(survey.json);
      const header = ['Date de réponse', ...questions.map((q) => q.title)];
      const base = `${fileBase(survey.name)}${testMode ? '-test' : ''}`;
      if (format === 'csv') {
        const lines = [header.map(csvField).join(';')];
        await rows(surveyId, testMode, (r) => {
          lines.push([parisDate(r.submissionDate), ...questions.map((q) => cellText(q, r.data))].map(csvField).join(';'));
        });
        return { fileName: `${base}.csv`, mime: 'text/csv; charset=utf-8', bytes: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8') };
      }
      const workbook = new ExcelJS.Workbook();
      workbook.creator = 'Comptoir';
      const sheet = workbook.addWorksheet('Réponses');
      sheet.addRow(header).font = { bold: true };
      sheet.views = [{ state: 'frozen', ySplit: 1 }];
      await rows(surveyId, testMode, (r) => {
        sheet.addRow([parisWallClock(r.submissionDate), ...questions.map((q) => cellText(q, r.data))]);
      });
      sheet.getColumn(1).numFmt = 'dd/mm/yyyy hh:mm';
      sheet.columns.forEach((c) => { c.width = 24; });
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      return { fileName: `${base}.xlsx`, mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes };
    },
  };
}

export type ExportService = ReturnType<typeof exportService>;
