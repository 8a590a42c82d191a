import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * The hidden field only bots fill (admissions' HONEYPOT_FIELD): off-screen, out of the tab order and
 * of the accessibility tree, never autofilled. The server drops a submission that has it.
 */
export function HoneypotField({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" tabIndex={-1} autoComplete="off" {...registration} />
      </label>
    </div>
  );
}
