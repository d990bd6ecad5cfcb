/**
 * A modal <dialog> shown while mounted: showModal() makes the page under it inert (no Tab
 * stop, no screen-reader browse outside it), which a div with role="dialog" would have to
 * fake. Escape, and a click on the backdrop, ask `onClose`; the owner unmounts it and puts
 * the focus back (LectureKeys.tsx), so what closes the dialog is always React state, never
 * the browser alone.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

export function ModalDialog({ labelledBy, className, testId, onClose, initialFocus, children }: {
  labelledBy: string;
  className: string;
  testId: string;
  onClose: () => void;
  /** What takes the focus on open; the browser would pick the first focusable element, a test's DOM nothing. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    return () => { if (dialog.open) dialog.close(); };
  }, [initialFocus]);
  return (
    <dialog ref={ref} className={`modal ${className}`} aria-labelledby={labelledBy} data-testid={testId}
      // The browser's own Escape handling would close the element behind React's back.
      onCancel={(e) => { e.preventDefault(); onClose(); }}
      onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); onClose(); } }}
      // The dialog element itself is hit only on its backdrop: its content fills it.
      onClick={(e) => { if (e.target === e.currentTarget) onClose(); }}>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}
