import { lazy, Suspense, useState, type ReactNode } from 'react';
import { whenIdle } from '../../lib/when-idle';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** 'lg' for a dialog that holds a list to pick from; the default suits a question or a short form. */
  size?: 'md' | 'lg';
}

const loadDialog = () => import('./modal-dialog');
const ModalDialog = lazy(async () => ({ default: (await loadDialog()).ModalDialog }));

/** Loads the dialog code when the browser is idle, for a page whose next click is likely to open one. */
export function preloadModal(): void {
  whenIdle(() => void loadDialog().catch(() => undefined));
}

/**
 * A centred dialog (modal-dialog.tsx: Headless UI, focus trapped, Escape closes, labelled by its title). Its
 * code, and Headless UI with it, loads when a dialog first opens, not with the page: a dialog is drawn over the
 * page, so the moment it takes to arrive moves nothing. Once opened it stays mounted, so it closes with its
 * transition and gives focus back.
 */
export function Modal(props: ModalProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
