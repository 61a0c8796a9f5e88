/**
 * Load generators run in their own process, so that they do not share the event loop of the
 * servers they measure (kernel and floor both run in the parent). One job at a time over IPC: the
 * parent sends a job and waits for its summary.
 */
import { fork, type ChildProcess } from 'node:child_process';

/** The parent's side: the forked `file`, one job at a time. */
export class ChildRunner<Job, Summary> {
  private child: ChildProcess;
  private waiting: ((s: Summary | { error: string }) => void) | null = null;

  /** `name` says which process exited in the error of a job it did not answer; `execArgv`: Node options added to this process's */
  constructor(file: string, name: string, execArgv: string[] = []) {
    this.child = fork(file, [], { execArgv: [...process.execArgv, ...execArgv], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m) => { const w = this.waiting; this.waiting = null; w?.(m as Summary); });
    this.child.on('exit', (code) => { const w = this.waiting; this.waiting = null; w?.({ error: `${name} process exited (${code})` }); });
  }

  run(job: Job): Promise<Summary> {
    return new Promise((resolve, reject) => {
      this.waiting = (s) => (s && typeof s === 'object' && 'error' in s ? reject(new Error(String(s.error))) : resolve(s as Summary));
      this.child.send(job as object);
    });
  }

  stop(): void {
    this.child.kill();
  }
}

/** The child's side: each message is a job, answered by its summary or `{ error }`. */
export function serveJobs<Job, Summary>(run: (job: Job) => Promise<Summary>): void {
  // the parent gone (finished or killed), nothing is left to measure
  process.on('disconnect', () => process.exit(0));
  process.on('message', (job: Job) => {
    void run(job).then((summary) => process.send!(summary), (err: unknown) => process.send!({ error: String(err) }));
  });
}
