import { Copy } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { fieldClass, labelClass } from './field';

/**
 * A read-only link to show, with Copy link (falling back to selecting the text where the
 * clipboard is not allowed) and whatever else the caller adds beside it (an Open link, say).
 */
export function CopyLinkField({
  label,
  value,
  description,
  children,
}: {
  label: string;
  value: string;
  /** What the link is for or when it stops working; the field is described by it. */
  description?: ReactNode;
  children?: ReactNode;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setStatus('Copied');
    } catch {
      inputRef.current?.focus();
      inputRef.current?.select();
      setStatus('Copying is not allowed here: the link is selected, so copy it yourself.');
    }
  }

  return (
    <div>
      <label htmlFor={`${id}-input`} className={labelClass}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        readOnly
        value={value}
        onFocus={(event) => event.currentTarget.select()}
        aria-describedby={description ? `${id}-description` : undefined}
        className={fieldClass}
      />
      {description ? (
        <p id={`${id}-description`} className="mt-1 text-sm text-slate-800">
          {description}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          Copy link
        </Button>
        {children}
      </div>
      <p role="status" className="mt-1 text-sm font-semibold text-green-900">
        {status}
      </p>
    </div>
  );
}
