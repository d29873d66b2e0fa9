import { bundledLogFile, useBundled } from '../../app/bundled';

/** In a bundle: saves the log the bundle carries, byte for byte. */
export function DownloadLog() {
  const meta = useBundled((s) => s.meta);
  if (!meta) return null;
  const onClick = () => {
    const f = bundledLogFile();
    if (!f) return;
    const url = URL.createObjectURL(f.blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = f.name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return <button type="button" onClick={onClick} title={`Save ${meta.name}, the log this bundle carries`}>Download log</button>;
}
