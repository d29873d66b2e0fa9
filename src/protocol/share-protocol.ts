/** The Share review's requests to the session worker and its answers (src/worker/share.ts). No credential is ever in them. */

/** What the user chose: findings to keep (by id; keeping one keeps the same text under its rule everywhere) and their own strings. */
export interface ShareSettings {
  readonly keep: readonly string[];
  readonly extraStrings: readonly string[];
}

export interface ShareFinding {
  readonly id: string;
  readonly rule: string;
  readonly seq?: number;
  /** Physical line, header = 1. */
  readonly line: number;
  readonly path: string;
  /** The engine's masked preview. */
  readonly preview: string;
  readonly replacement: string;
  readonly kept?: true;
  readonly raw?: true;
  /** The field around the finding as it is, the credential shown as dots. */
  readonly before?: string;
  /** The same place in the redacted copy. */
  readonly after?: string;
}

export interface ShareReview {
  readonly findings: readonly ShareFinding[];
  readonly redacted: number;
  readonly kept: number;
  readonly byRule: Readonly<Record<string, number>>;
}

/**
 * What a writer other than Share's own (fork export, tour export with its session, trace export
 * with content) redacts when asked: every rule, and the user's own strings from the Share review.
 * Share's kept findings do not carry over: they name places in the log as loaded, which another
 * writer's output does not keep.
 */
export interface WriterRedaction {
  readonly extraStrings: readonly string[];
}
