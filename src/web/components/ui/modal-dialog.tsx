import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { cx } from '../../lib/cx';
import type { ModalProps } from './modal';

/** A centred dialog (Headless UI: focus trapped, Escape closes, labelled by its title). Loaded by modal.tsx. */
export function ModalDialog({ open, title, onClose, children, role = 'dialog', size = 'md' }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} role={role} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/60" />
      <div className="fixed inset-0 flex w-screen items-end justify-center overflow-y-auto p-0 sm:items-center sm:p-4">
        <DialogPanel className={cx('w-full rounded-t-2xl bg-white p-5 shadow-xl sm:rounded-2xl sm:p-6', size === 'lg' ? 'max-w-3xl' : 'max-w-lg')}>
          <DialogTitle className="text-lg font-bold text-primary-900">{title}</DialogTitle>
          <div className="mt-3">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
