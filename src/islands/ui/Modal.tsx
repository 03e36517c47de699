import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Accessible name of the close button; the button is omitted when not given. */
  closeLabel?: string;
  children: ReactNode;
}

/**
 * The product's one dialog (the modal constants): centred, white, at least 400 px wide (or
 * the viewport less a margin on narrower screens), at most 90 % of the viewport high,
 * backdrop fading in over 500 ms (.tp-backdrop in global.css). Headless UI owns focus
 * trapping, Escape and scroll locking.
 */
export function Modal({ open, onClose, title, closeLabel, children }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      {/* The fade is a CSS animation on mount, not Headless UI's `transition`: closing during
          its enter transition deadlocks the dialog open (headlessui#3892), which a quick
          Close or Escape after opening hit. */}
      <DialogBackdrop className="tp-backdrop fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-center justify-center p-2">
        <DialogPanel
          data-testid="modal-panel"
          className="relative max-h-modal w-auto min-w-[min(400px,calc(100vw-32px))] max-w-[calc(100vw-32px)] overflow-y-auto rounded-md bg-white p-3 shadow-xl"
        >
          <div className="mb-2 flex items-start justify-between gap-2">
            <DialogTitle className="text-h2">{title}</DialogTitle>
            {closeLabel ? (
              <button
                type="button"
                onClick={onClose}
                aria-label={closeLabel}
                className="rounded p-0.5 text-h2 leading-none text-gray-600 hover:bg-gray-100"
              >
                <span aria-hidden="true">×</span>
              </button>
            ) : null}
          </div>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
