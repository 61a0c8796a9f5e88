import { freshDatabase } from './database.ts';
import { bootKernel } from './kernel.ts';
import { LoadProcess } from './measure.ts';
const db0 = await freshDatabase('sqlite');
const k = await bootKernel(db0);
const runner = new LoadProcess();
const r = await runner.run({ url: `${k.url}/api/health`, headers: {}, connections: 10, duration: 8, timeout: 10 });
console.log(r.rps);
runner.stop(); await k.kernel.stop(); await db0.drop();
