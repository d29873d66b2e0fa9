/**
 * Saves `blob` as a file named `name` through the browser's download: an object URL on a link
 * clicked once. The link is in the document while clicked (Firefox ignores a detached one), and the
 * URL is revoked a minute later, not at once: the click only starts the download, which still reads it.
 */
export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
