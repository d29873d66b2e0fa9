/**
 * Vitest's global setup: the CLI bundle is built once, before any test file runs. Test files run
 * side by side, and several run `bin/seqscope.js`, which on a fresh clone would each build the
 * bundle into the same folder at once.
 */
import { ensureCliBundle } from '../../bin/cli-bundle.js';

export default function setup(): void {
  if (!ensureCliBundle()) throw new Error('SETUP_CLI: the CLI bundle (dist-cli/seqscope.mjs) could not be built; see the build output above.');
}
