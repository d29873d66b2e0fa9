/** The CLI bundle's path, dist-cli/seqscope.mjs. */
export const bundle: string;
/** Builds the bundle when it is missing or older than its sources; false when the build failed. */
export function ensureCliBundle(): boolean;
