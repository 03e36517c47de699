// A typed field (url, email, number, date...) that is given back a value its type cannot
// hold - the text a user typed and the server refused - would make invalid HTML, and the
// browser would show it empty (a number or date field drops what it cannot read), so the
// user would lose what they typed. Such a value is shown in a text field instead, with the
// keyboard its type would have had on a phone.

/** What HTML accepts as the value of each typed input (the HTML standard's value rules). */
const VALID_VALUE: Readonly<Record<string, (value: string) => boolean>> = {
  url: (value) => URL.canParse(value.trim()),
  email: (value) => /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/.test(value),
  number: (value) => /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?$/.test(value),
  date: (value) => /^\d{4,}-\d{2}-\d{2}$/.test(value),
  month: (value) => /^\d{4,}-\d{2}$/.test(value),
};

/** The phone keyboard each typed input brings up, kept when it falls back to text. */
const KEYBOARD: Readonly<Record<string, 'url' | 'email' | 'decimal' | 'numeric'>> = {
  url: 'url',
  email: 'email',
  number: 'decimal',
  date: 'numeric',
  month: 'numeric',
};

export interface InputKind<Type extends string> {
  type: Type | 'text';
  inputMode?: 'url' | 'email' | 'decimal' | 'numeric';
}

/** The input type for `value`: the field's own, or text when its type cannot hold the value. */
export function inputKindFor<Type extends string>(type: Type, value: string): InputKind<Type> {
  const valid = VALID_VALUE[type];
  if (!valid || value === '' || valid(value)) return { type };
  return { type: 'text', inputMode: KEYBOARD[type] };
}
