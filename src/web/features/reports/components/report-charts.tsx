import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Report } from '../../../../shared/reports/reports.schemas';
import { formatMonthDay } from '../../../lib/dates';
import { intlLocale, useT } from '../../../lib/i18n';

/*
 * The report's charts (recharts). Each is one picture with a summary for screen readers (role="img" and its
 * label); the table beside it holds every number, so a chart is never the only way to read one.
 */

const NAVY = '#2f457c';
const GOLD = '#b08405';
const SLATE = '#94a3b8';
const RED = '#c81e1e';

export function WeeklyChart({ weeks, summary }: { weeks: Report['weeks']; summary: string }) {
  const { t } = useT('reports');
  const data = weeks.map((w) => ({ week: formatMonthDay(w.weekStart), bookings: w.bookings, utilization: w.utilization ?? 0 }));
  return (
    <div role="img" aria-label={summary} className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="week" tick={{ fontSize: 12, fill: '#334155' }} interval="preserveStartEnd" minTickGap={8} />
          <YAxis yAxisId="bookings" allowDecimals={false} tick={{ fontSize: 12, fill: '#334155' }} />
          <YAxis yAxisId="utilization" orientation="right" domain={[0, 100]} unit="%" tick={{ fontSize: 12, fill: '#334155' }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Bar yAxisId="bookings" dataKey="bookings" name={t('weeks.chartBookings')} fill={NAVY} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          <Line yAxisId="utilization" dataKey="utilization" name={t('weeks.chartUtilization')} stroke={GOLD} strokeWidth={3} dot={{ r: 3 }} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

export function FairnessChart({ fairness, summary }: { fairness: Report['fairness']; summary: string }) {
  const { t } = useT('reports');
  const data = fairness.teams.map((t) => ({
    team: t.teamName,
    share: t.share === null ? 0 : Math.round(t.share * 1000) / 10,
    prime: t.primeShare === null ? 0 : Math.round(t.primeShare * 1000) / 10,
  }));
  const equal = fairness.equalShare === null ? null : Math.round(fairness.equalShare * 1000) / 10;
  return (
    <div role="img" aria-label={summary} className="w-full" style={{ height: Math.max(200, 60 + data.length * 44) }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 24, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" horizontal={false} />
          <XAxis
            type="number"
            unit="%"
            domain={[0, (max: number) => Math.max(10, Math.ceil(Math.max(max, equal ?? 0) / 10) * 10)]}
            tick={{ fontSize: 12, fill: '#334155' }}
          />
          <YAxis type="category" dataKey="team" width={96} tick={{ fontSize: 12, fill: '#334155' }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Bar dataKey="share" name={t('fairness.chartShare')} fill={SLATE} isAnimationActive={false} />
          <Bar dataKey="prime" name={t('fairness.chartPrime')} fill={NAVY} isAnimationActive={false} />
          {equal !== null ? (
            <ReferenceLine
              x={equal}
              stroke={RED}
              strokeDasharray="4 3"
              strokeWidth={2}
              label={{ value: t('fairness.chartEqual', { share: new Intl.NumberFormat(intlLocale(), { style: 'percent', maximumFractionDigits: 1 }).format(equal / 100) }), position: 'top', fontSize: 12, fill: RED }}
            />
          ) : null}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
