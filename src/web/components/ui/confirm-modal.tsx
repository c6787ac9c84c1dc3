import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmModalProps {
  open: boolean;
  title: string;
  /** The consequence in words (ui.md "Say what happens"). */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action. Destructive ones start with focus on Cancel, so Enter does not destroy. */
export function ConfirmModal({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  destructive = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const { t } = useT('common');
  return (
    <Modal open={open} title={title} onClose={busy ? () => undefined : onCancel} role="alertdialog">
      <div className="text-slate-700">{message}</div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus={destructive}>
          {cancelLabel ?? t('confirm.cancel')}
        </Button>
        <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} busy={busy} autoFocus={!destructive}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
