/** A labelled progress bar; `valueText` is what screen readers say ("240 of 1,240 slots"). */
export function ProgressBar({ label, value, max, valueText }: { label: string; value: number; max: number; valueText?: string }) {
  const safeMax = Math.max(max, 1);
  const percent = Math.min(100, Math.round((Math.min(value, safeMax) / safeMax) * 100));
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm font-medium text-slate-800">
        <span aria-hidden="true">{label}</span>
        <span aria-hidden="true">{valueText ?? `${percent}%`}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={valueText}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-primary-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
