/**
 * The browser build's stand-in for the Node built-ins that secretlint's recommended preset imports
 * (`node:path`, `node:fs`, `crypto`): its file-reading and key-derivation paths, which the rules
 * run on a log's strings never reach. An empty module, as Vite's own browser external is, but named
 * here, so the build says nothing about it and a use that did reach it fails as a TypeError on an
 * undefined member rather than as a silently different library.
 */
const builtin: Record<string, never> = {};
export default builtin;
