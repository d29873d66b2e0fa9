/** The browser builds' alias of the Node built-ins secretlint's preset imports to src/worker/node-builtins.ts. */
export const nodeBuiltinsAlias = (root: string) => [
  { find: /^(node:path|node:fs|crypto)$/, replacement: `${root}/src/worker/node-builtins.ts` },
];
