import { CheckCircle2, Copy } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { VERIFICATION_VALID_HOURS } from '../../../contracts/beta.values';
import { Button } from '../../components/ui/button';
import { DialogClose } from '../../components/ui/dialog';
import type { Joined } from './wizard-draft';

/** Spec §2: after success the dialog shows the access code instead of the form. */
export function Confirmation({
  joined,
  headingRef,
}: {
  joined: Joined;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const [copyStatus, setCopyStatus] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(joined.accessCode);
      setCopyStatus('Copied');
    } catch {
      setCopyStatus('Copying is not allowed here: select the code and copy it yourself.');
    }
  }

  return (
    <div className="grid gap-4">
      <div className="rounded-lg border border-green-700 bg-green-50 p-5 text-green-950">
        <h3 ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-lg font-bold">
          <CheckCircle2 aria-hidden="true" className="size-6 shrink-0" />
          Your access code
        </h3>
        <p className="mt-3 font-mono text-3xl font-bold tracking-[0.2em] break-all text-slate-900">
          {joined.accessCode}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden="true" className="size-4" />
            Copy code
          </Button>
          <p role="status" className="font-medium">
            {copyStatus}
          </p>
        </div>
      </div>
      {joined.verificationSent ? (
        <p className="text-slate-800">
          We sent a verification e-mail to <strong>{joined.email}</strong>. Open the link in it
          within {VERIFICATION_VALID_HOURS} hours to confirm your address. Keep your access code: it
          identifies you as a beta tester.
        </p>
      ) : (
        <p className="text-slate-800">
          You did not give an e-mail address, so no verification e-mail was sent. Keep this code: it
          is how we recognise you as a beta tester.
        </p>
      )}
      <DialogClose asChild>
        <Button className="justify-self-end">Done</Button>
      </DialogClose>
    </div>
  );
}
