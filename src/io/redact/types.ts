/** What the redaction engine reports and takes. Nothing here ever holds a credential. */

/** Where one part of a finding lies (a streamed credential has one per delta holding part of it). */
export interface FindingPlace {
  /** The event's seq (a packed row's member: seq0 + k); absent for the header and unparsable lines. */
  readonly seq?: number;
  /** Physical line, header = 1. */
  readonly line: number;
  /** Field path in the record (`data.message.content[0].text`, `data.texts[3]`); `` for a raw line. */
  readonly path: string;
}

export interface Finding extends FindingPlace {
  /** Stable for the same input and options: `<line>:<path>:<offset in that string>`. */
  readonly id: string;
  /** The rule that names it (`deepseek-api-key`, `github`, `home-user`, …). */
  readonly rule: string;
  /** A few characters either side, every credential in them replaced by its marker. */
  readonly preview: string;
  /** Length of the credential in UTF-16 units. */
  readonly length: number;
  /** The line could not be parsed (an unparsable record or the torn tail): found in its raw text. */
  readonly raw?: true;
  /** Streamed text: every delta holding part of the credential, in order (the first is this finding's place). */
  readonly parts?: readonly FindingPlace[];
  /** What replaces it: `[REDACTED:<rule>]`, or `user` for a home directory's user name. */
  readonly replacement: string;
  /** Left in place (the options kept it, or another finding of the same text). */
  readonly kept?: true;
}

export interface RedactOptions {
  /** Rule ids to apply (default: all, see `RULE_IDS`). */
  readonly rules?: readonly string[];
  /**
   * Findings to leave in place, by id. Keeping a finding keeps every occurrence of the same text
   * under the same rule (a value judged not to be a secret is not one anywhere), which also keeps a
   * streamed value and its assembled copy in agreement.
   */
  readonly keep?: readonly string[];
  /** The user's own strings (literal, case-sensitive) and patterns. */
  readonly extraStrings?: readonly (string | RegExp)[];
}

export interface RedactReport {
  readonly findings: readonly Finding[];
  /** Findings replaced in the output (findings minus the kept ones). */
  readonly redacted: number;
  readonly kept: number;
  /** Finding counts per rule. */
  readonly byRule: Readonly<Record<string, number>>;
  /** Physical lines read (a torn tail counts as one). */
  readonly lines: number;
  /** Lines written changed. */
  readonly changedLines: number;
}
