// Focus back where it was when a dialog closes (issue 18 §8). Radix gives focus back to a
// <DialogTrigger>, but most of our dialogs are opened by the page (a row's Grade button sets the
// page's state; the content editor is a Sheet the Weeks page opens), so Radix has no trigger and
// focus fell to <body>: a keyboard user was thrown back to the top of the page. The opener is what
// had focus when the dialog moved focus in; if it is gone (the graded row left the list) or
// disabled, the page's heading takes focus, so the reader stays where the work is.
import { useCallback, useRef } from 'react';

type FocusEventHandler = (event: Event) => void;

/** Gives focus to `opener` if it can still take it, else to the main content's heading. */
export function returnFocus(opener: Element | null, doc: Document = document): void {
  if (opener instanceof HTMLElement && opener.isConnected && opener !== doc.body) {
    opener.focus();
    if (doc.activeElement === opener) return;
  }
  const heading = doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('h1');
  if (!heading) return;
  // A heading is not focusable by default; -1 makes it a focus target without adding a Tab stop.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/**
 * Handlers for a Radix Content's onOpenAutoFocus and onCloseAutoFocus that remember the opener and
 * give focus back to it. The caller's own handlers run first and may preventDefault to take over.
 */
export function useReturnFocus(onOpenAutoFocus?: FocusEventHandler, onCloseAutoFocus?: FocusEventHandler) {
  const opener = useRef<Element | null>(null);
  const onOpen = useCallback(
    (event: Event) => {
      // Dispatched before focus moves in: the active element is still the opener.
      opener.current = document.activeElement;
      onOpenAutoFocus?.(event);
    },
    [onOpenAutoFocus],
  );
  const onClose = useCallback(
    (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      returnFocus(opener.current);
    },
    [onCloseAutoFocus],
  );
  return { onOpenAutoFocus: onOpen, onCloseAutoFocus: onClose };
}
