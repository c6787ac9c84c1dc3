import { useId } from 'react';
import { cx } from '../../lib/cx';
import { useT } from '../../lib/i18n';
import { addDays, formatMonthDay, isIsoDate, startOfWeek } from '../../lib/dates';
import { Button } from '../ui/button';
import { inputClasses } from '../ui/text-field';

interface WeekProps {
  weekStart: string;
  today: string;
  onChange: (weekStart: string) => void;
}

/**
 * "◀ Week of Mar 2 ▶" with Today and a date to jump to; weeks run Monday to Sunday. `jump={false}` leaves the
 * date out (a phone's compact bar, which offers WeekJump among its folded filters).
 */
export function WeekNavigator({ weekStart, today, onChange, jump = true }: WeekProps & { jump?: boolean }) {
  const { t } = useT('common');
  const thisWeek = startOfWeek(today);
  return (
    <div className="flex flex-wrap items-end gap-x-3 gap-y-2">
      <div className="flex items-center gap-1">
        <Button variant="secondary" size="sm" aria-label={t('weekNav.previous')} onClick={() => onChange(addDays(weekStart, -7))}>
          <span aria-hidden="true">◀</span>
        </Button>
        <p aria-live="polite" className="min-w-36 px-2 text-center font-semibold text-primary-900">
          {weekStart.slice(0, 4) !== today.slice(0, 4)
            ? t('weekNav.weekOfYear', { day: formatMonthDay(weekStart), year: weekStart.slice(0, 4) })
            : t('weekNav.weekOf', { day: formatMonthDay(weekStart) })}
        </p>
        <Button variant="secondary" size="sm" aria-label={t('weekNav.next')} onClick={() => onChange(addDays(weekStart, 7))}>
          <span aria-hidden="true">▶</span>
        </Button>
      </div>
      <Button variant="ghost" size="sm" className="border border-slate-300" onClick={() => onChange(thisWeek)} disabled={weekStart === thisWeek}>
        {t('weekNav.today')}
      </Button>
      {jump ? <WeekJump onChange={onChange} /> : null}
    </div>
  );
}

/** "Show the week of [date]": jumps to the week (Monday to Sunday) of the date picked. */
export function WeekJump({ onChange }: Pick<WeekProps, 'onChange'>) {
  const { t } = useT('common');
  const jumpId = useId();
  return (
    <div>
      <label htmlFor={jumpId} className="mb-1 block text-sm font-semibold text-slate-800">
        {t('weekNav.jump')}
      </label>
      <input
        id={jumpId}
        type="date"
        className={cx(inputClasses(false), 'w-auto')}
        onChange={(event) => {
          if (isIsoDate(event.target.value)) onChange(startOfWeek(event.target.value));
        }}
      />
    </div>
  );
}
