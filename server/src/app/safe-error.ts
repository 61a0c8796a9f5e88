/**
 * Errors without bound values (kernel README « Errors in logs and on the console »): the helper
 * lives in the SDK (sdk/src/safe-error.ts) so that plugins store and show the same safe messages.
 */
export {
  constraintOf, isDatabaseError, redactDriverMessage, safeMessage, safeStack, serializeError, type SafeError,
} from '@comptoir/sdk';
