/**
 * The contract of « Files de traitement » for other plugins: import it as
 * `@comptoir/plugin-process-queues/contract` and resolve with `ctx.use(processQueuesServices.engine)`
 * after declaring `"dependsOn": { "process-queues": "^0.1.0" }`. Node types need no dependency: they
 * are contributed through the SDK's `queueNodeTypes` point. Types and ids only: importing it runs
 * none of this plugin's code.
 */
import { defineServiceRef } from '@comptoir/sdk';
import type { ProcessQueue, ProcessQueueInput, QueueRun, QueueStep, ValidationReport, GraphInput } from './schemas/index.ts';

export type { ProcessQueue, ProcessQueueInput, QueueRun, QueueStep, ValidationReport, GraphInput, ConfiguredPlugin, GraphProblem } from './schemas/index.ts';

export interface AdvanceOptions {
  /** the caller's key (a call id): the paused run of that key is resumed, else a run is started */
  key?: string;
  /** this advance's input, handed to every node it runs (`step.input`) */
  input?: Record<string, unknown>;
}

export interface AdvanceResult {
  run: QueueRun;
  /** the steps taken by this advance, in order */
  steps: QueueStep[];
  /** the last `output` a node gave during this advance (null if none) */
  output: unknown;
}

/** `process-queues.engine` */
export interface ProcessQueuesEngine {
  /**
   * Starts a run of the queue from its starter, or resumes the paused run of `key`, in the caller's
   * transaction; walks until a node pauses or the run ends. 404 unknown queue; 409 deactivated or
   * invalid queue (the first validation message, all of them in `details`), or a finished run of `key`.
   */
  advance(queueId: string, options?: AdvanceOptions): Promise<AdvanceResult>;
  getRun(id: string): Promise<QueueRun>;
  steps(runId: string): Promise<QueueStep[]>;
}

/** `process-queues.queues` */
export interface ProcessQueuesQueues {
  get(id: string): Promise<ProcessQueue>;
  create(input: ProcessQueueInput): Promise<ProcessQueue>;
  update(id: string, input: ProcessQueueInput): Promise<ProcessQueue>;
  validate(id: string): Promise<ValidationReport>;
  validateGraph(graph: GraphInput): ValidationReport;
}

export const processQueuesServices = {
  engine: defineServiceRef<ProcessQueuesEngine>('process-queues.engine'),
  queues: defineServiceRef<ProcessQueuesQueues>('process-queues.queues'),
} as const;
