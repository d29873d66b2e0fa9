/** A command line that cannot be run: one sentence, printed with the usage. */
export class UsageError extends Error {}
