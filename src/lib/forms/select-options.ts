/** One choice of a select field of the form kit. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Choices shown under a heading (an optgroup). */
export interface SelectGroup {
  label: string;
  options: SelectOption[];
}
