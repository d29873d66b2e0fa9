/**
 * Seqscope CLI (bundled to dist-cli/seqscope.mjs, started by bin/seqscope.js).
 * `check FILE|DIR...`: DSH's verdict for each log, through the same loader and core as the viewer;
 * exit 0 when every file loads, 1 when any is refused, 2 on a usage error or a path that cannot
 * be read (that wins over a refusal: the run did not judge everything it was given).
 * Output cut short by its reader (`| head`) ends the process quietly, with the code so far.
 * `serve [DIR]`: the built viewer on 127.0.0.1, and DIR read-only under a random token (./serve.ts).
 * `tour check|builtin ...`: see ./tour.ts. `bundle`, `unbundle`: see ./bundle.ts.
 * `compare A B [--json]`: where run B leaves run A; exit 0 no divergence, 1 diverged, 2 bad input (./compare.ts).
 * `tour check|builtin ...`: see ./tour.ts. `redact FILE -o OUT | --check`: see ./redact.ts.
 * `export FILE|DIR|ZIP... --otlp OUT.json | --otlp --endpoint URL | --perfetto OUT.json`: see ./export.ts.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { USAGE, UsageError, parseArgs } from './args';
import type { FleetWorkerData } from './fleet-pool';
import type { CheckWorkerData } from './jobs';

// Each command's modules are imported when it runs, so `--help` and a usage error load only this
// file and ./args (the bundle keeps them as chunks beside it): start-up stays close to Node's own.

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'bundle' || argv[0] === 'unbundle') return (await import('./bundle')).runBundle(argv, { out: (l) => console.log(l), err: (l) => console.error(l) });
  if (argv[0] === 'redact') return (await import('./redact')).runRedact(argv.slice(1), { out: (l) => console.log(l), err: (l) => console.error(l) });
  if (argv[0] === 'stats' || argv[0] === 'grep') return (await import('./fleet-cli')).runFleetCommand(argv, { out: (t) => console.log(t), err: (t) => console.error(t) }, new URL(import.meta.url));
  if (argv[0] === 'tour') return (await import('./tour')).runTour(argv.slice(1), { out: (l) => console.log(l), err: (l) => console.error(l) });
  let command;
  try { command = parseArgs(argv); } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`seqscope: ${err.message}\n${USAGE}`);
    return 2;
  }
  if (command.cmd === 'help') { console.log(USAGE); return 0; }
  if (command.cmd === 'serve') return (await import('./serve')).serve(command.opts);
  if (command.cmd === 'compare') return (await import('./compare')).runCompare(command.opts, { out: (t) => console.log(t), err: (t) => console.error(t) });
  if (command.cmd === 'export') return (await import('./export')).runExport(command.opts, { out: (l) => console.log(l), err: (l) => console.error(l) });
  const o = command.opts;
  const [{ collectFiles }, { checkAll, formatTally }] = await Promise.all([import('./walk'), import('./jobs')]);
  const files = collectFiles(o.paths);
  if (files.length === 0) { console.error(`seqscope: no DSH logs (.jsonl, .jsonl.zstd) or export ZIPs under ${o.paths.join(', ')}.`); return 2; }
  const tally = await checkAll(files, o, o.jobs, new URL(import.meta.url), (r) => {
    process.stdout.write(r.text + '\n');
    if (r.unreadable) process.exitCode = 2; else if (r.refused && process.exitCode !== 2) process.exitCode = 1;
  });
  if (!o.json) process.stdout.write(formatTally(tally) + '\n');
  return tally.unreadable ? 2 : tally.refused ? 1 : 0;
}

/** A reader that stops reading (`| head`) is not an error of ours: stop without a stack trace. */
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    process.exit();
  });
}

const data = workerData as (CheckWorkerData & FleetWorkerData) | undefined;
if (!isMainThread && parentPort && data?.seqscopeFleet) {
  const port = parentPort, job = data.seqscopeFleet;
  void import('./fleet-pool').then(({ serveFleetWorker }) => serveFleetWorker(port, job));
} else if (!isMainThread && parentPort && data?.seqscopeCheck) {
  const port = parentPort, settings = data.seqscopeCheck;
  // parentPort queues the tasks sent before its 'message' listener is attached.
  void import('./jobs').then(({ serveCheckWorker }) => serveCheckWorker(port, settings));
} else if (isMainThread) {
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (err) => { console.error(err); process.exitCode = 2; });
}
