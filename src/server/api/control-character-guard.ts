import { GraphQLError, visit, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { hasControlCharacters } from '../../lib/text/control-characters';
import { invalidFields } from './errors';

/**
 * Where the locale files word the guard's code (common namespace). The code is the one
 * the features' own rules give (`controlCharacters`), so a page's `fieldErrorsOf` words it
 * from its feature's errors like any other issue.
 */
const CONTROL_CHARACTER_ERRORS = 'forms.errors';

/** Paths of the variable values (plain objects, arrays, strings) that hold a control character. */
function pathsWithControlCharacters(value: unknown, path: string, found: string[]): void {
  if (typeof value === 'string') {
    if (hasControlCharacters(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => pathsWithControlCharacters(item, `${path}.${index}`, found));
  } else if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    // Plain objects only: an uploaded File is not text.
    for (const [key, item] of Object.entries(value)) pathsWithControlCharacters(item, path ? `${path}.${key}` : key, found);
  }
}

/** Names of the arguments whose inline string literals hold a control character. */
function literalsWithControlCharacters(document: DocumentNode): string[] {
  const found: string[] = [];
  visit(document, {
    Argument(node) {
      let bad = false;
      visit(node.value, {
        StringValue(literal) {
          if (hasControlCharacters(literal.value)) bad = true;
        },
      });
      if (bad) found.push(node.name.value);
    },
  });
  return found;
}

/**
 * Checks every text input of every operation, variables and inline literals alike, for
 * control characters before anything runs: the database would refuse a NUL with an
 * internal error, and no field of this product wants one. The answer names each field
 * (as `fieldErrors`, code controlCharacters) so a form can show the message beside it.
 */
export function controlCharacterGuard(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const paths: string[] = [];
      pathsWithControlCharacters(args.variableValues ?? {}, '', paths);
      paths.push(...literalsWithControlCharacters(args.document));
      if (paths.length === 0) return;
      const error: GraphQLError = invalidFields(
        paths.map((path) => ({ path, code: 'controlCharacters' })),
        CONTROL_CHARACTER_ERRORS,
        null,
      );
      setResultAndStopExecution({ errors: [error] });
    },
  };
}



