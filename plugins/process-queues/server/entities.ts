/** The entities of « Files de traitement »: a table and a French label each; the schemas are in schemas/. */
import { defineEntity } from '@comptoir/sdk';
import { ProcessQueue, QueueRun, QueueStep } from '../schemas/index.ts';

export const PLUGIN_ID = 'process-queues';

export const Queues = defineEntity({
  plugin: PLUGIN_ID,
  name: 'queues',
  table: 'process_queues_queues',
  schema: ProcessQueue,
  companyScoped: true,
  label: 'file de traitement',
  feminine: true,
});

/** the engine's records: written at every step, so no Activity and no user properties (a log) */
export const Runs = defineEntity({
  plugin: PLUGIN_ID,
  name: 'runs',
  table: 'process_queues_runs',
  schema: QueueRun,
  companyScoped: true,
  label: 'exécution',
  feminine: true,
  noActivity: true,
  userProps: false,
  references: { 'fk.queue': { entity: 'process-queues.queues', blocksDeletion: false } },
});

export const Steps = defineEntity({
  plugin: PLUGIN_ID,
  name: 'steps',
  table: 'process_queues_steps',
  schema: QueueStep,
  companyScoped: true,
  label: 'étape',
  feminine: true,
  noActivity: true,
  userProps: false,
});
