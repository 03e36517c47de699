import type { HTMLAttributes } from 'react';
import { pillClass, type Tone } from '../../lib/theme/tones';

export interface StatusPillProps extends HTMLAttributes<HTMLSpanElement> {
  label: string;
  tone: Tone;
}

/** components/ui/StatusPill.astro for islands: the same pill, from the same tone table. */
export function StatusPill({ label, tone, className, ...attributes }: StatusPillProps) {
  return (
    <span {...attributes} className={className ? `${pillClass(tone)} ${className}` : pillClass(tone)}>
      {label}
    </span>
  );
}
