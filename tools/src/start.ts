/** `npm start`: see start-server.ts. */
import { startComptoir } from './start-server.ts';

await startComptoir({ build: true });
