/**
 * `npm start` without building the screens (kernel-first-start-processes.test.ts starts two of
 * these together on one empty database): the same start, configured by the environment.
 */
import { startComptoir } from '../../tools/src/start-server.ts';

await startComptoir({ build: false });
