/** One choice of a select field of the form kit. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
  /** The label is people's words (a member's name, a company's): marked as theirs where a choice shows it. */
  theirs?: boolean;
}

/** Choices shown under a heading (an optgroup). */
export interface SelectGroup {
  label: string;
  options: SelectOption[];
}

/** A list of values as choices, each labelled by its words (`optionsOf(WORK_MODES, (mode) => t(…))`). */
export function optionsOf<Value extends string>(values: readonly Value[], labelOf: (value: Value) => string): SelectOption[] {
  return values.map((value) => ({ value, label: labelOf(value) }));
}
