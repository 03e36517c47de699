import { formatScorePercent, scoreIndicatorColor } from '../../lib/profile/score-message';

export type ProgressBarSize = 'small' | 'medium' | 'large';

/** The progress bar widths: 100, 200 and 300 px wide. */
const WIDTH_CLASSES: Record<ProgressBarSize, string> = {
  small: 'w-[100px]',
  medium: 'w-[200px]',
  large: 'w-[300px]',
};

export interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  /** Accessible name, e.g. 'Profile completeness'. */
  label: string;
  size?: ProgressBarSize;
}

/** The profile completeness bar: the success colour at 100, primary below. */
export function ProgressBar({ value, label, size = 'medium' }: ProgressBarProps) {
  const rounded = Math.round(Math.min(Math.max(value, 0), 100));
  const fill = scoreIndicatorColor(rounded) === 'success' ? 'bg-success' : 'bg-primary';
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={rounded}
      aria-valuetext={formatScorePercent(rounded)}
      className={`h-1 max-w-full overflow-hidden rounded-full bg-gray-200 ${WIDTH_CLASSES[size]}`}
    >
      <div className={`h-full rounded-full ${fill}`} style={{ width: `${rounded}%` }} />
    </div>
  );
}
