/**
 * Kept only for `purchase-payments.ts`, which imports this path and is moving to the purchases
 * plugin (issue 12): delete this file with that move. The body limits live in `documents/limits.ts`.
 */
export { assertInstant } from './documents/limits.ts';
