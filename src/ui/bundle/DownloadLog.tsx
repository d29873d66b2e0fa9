import { bundledLogFile, useBundled } from '../../app/bundled';
import { downloadBlob } from '../../app/download';

/** In a bundle: saves the log the bundle carries, byte for byte. */
export function DownloadLog() {
  const meta = useBundled((s) => s.meta);
  const complete = useBundled((s) => s.complete);
  if (!meta) return null;
  const onClick = () => {
    const f = bundledLogFile();
    if (!f) return;
    downloadBlob(f.name, f.blob);
  };
  return <button type="button" onClick={onClick} disabled={!complete} title={complete ? `Save ${meta.name}, the log this bundle carries` : `${meta.name} is still being read from the page`}>Download log</button>;
}
