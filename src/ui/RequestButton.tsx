import { useState } from 'react';
import { RequestDialog } from './RequestDialog';

/** Opens the Request panel for the step the selected event lies in. */
export function RequestButton({ seq }: { seq: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} title="The request header and messages DSH sent for this step">Request</button>
      {open && <RequestDialog seq={seq} onClose={() => setOpen(false)} />}
    </>
  );
}
