/**
 * The call-routing node types contributed to « Files de traitement » (the SDK's `queueNodeTypes`
 * point): the data of nodes.ts with the run of steps.ts, in this plugin's context.
 */
import { contribute, queueNodeTypes, type QueueNodeType } from '@comptoir/sdk';
import type { IncomingCallContextRequestData } from '../../../schemas/index.ts';
import { stepEnvironment } from '../calls/environment.ts';
import { CALL_NODE_KINDS, TYPE_IDENTIFIER, withDefaults } from './nodes.ts';
import { RUNNERS, type CallState } from './steps.ts';

export const callNodeTypes: QueueNodeType[] = CALL_NODE_KINDS.map((kind) => ({
  ...kind,
  typeIdentifier: TYPE_IDENTIFIER,
  run(ctx, step) {
    const input = step.input as Partial<IncomingCallContextRequestData>;
    return RUNNERS[kind.identifier]({
      nodeUuid: step.node.uuid,
      config: withDefaults(kind, step.node.configuration),
      input,
      state: step.state as CallState,
      visits: step.visits,
      // the date Asterisk gave (its clock decides « out of hours »), else the server's
      now: input.date ? new Date(input.date) : step.now,
      env: stepEnvironment(ctx),
    });
  },
}));

export const nodeContributions = callNodeTypes.map((t) => contribute(queueNodeTypes, t));
