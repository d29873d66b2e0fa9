#!/usr/bin/env node
// The `seqscope` command: runs the bundled CLI, dist-cli/seqscope.mjs (built by `npm run build`).
// When the bundle is missing, or in a checkout older than the sources it is built from, it is
// built first (progress on stderr, so stdout stays the command's own output).
import { pathToFileURL } from 'node:url';
import { bundle, ensureCliBundle } from './cli-bundle.js';

if (!ensureCliBundle()) { process.stderr.write('seqscope: could not build the CLI bundle.\n'); process.exit(2); }
await import(pathToFileURL(bundle).href);
