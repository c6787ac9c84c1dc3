import { cx } from '../../lib/cx';

export const DEFAULT_AVATAR = '/logo.svg';

/** The profile photo, or the league logo when there is none (spec §2). Decorative: the name is nearby. */
export function Avatar({ photoURL, className }: { photoURL: string | null | undefined; className?: string }) {
  return (
    <img
      src={photoURL || DEFAULT_AVATAR}
      alt=""
      className={cx('shrink-0 rounded-full bg-white object-cover ring-2 ring-white/70', className ?? 'size-8')}
    />
  );
}
