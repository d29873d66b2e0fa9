/**
 * The sentence of an open that gave no session while one was shown: which file, that the session
 * shown stays, and why (the loader's or the fetch's own sentence, DSH's verdict sentence for a file
 * refused as a whole, kept word for word after its "Could not load/open/read …:" lead, which the
 * sentence's start already says).
 */
export function openFailureSentence(file: string, shown: string, message: string): string {
  const esc = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const reason = message.replace(new RegExp(`^Could not (load|open ${esc}|read ${esc}): `), '');
  return `${file} could not be opened, and ${shown} is still shown: ${reason}`;
}
