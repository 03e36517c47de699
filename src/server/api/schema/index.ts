// Importing a domain file registers its types and operations on the builder.
import '../scalars';
import './users';
import './talents';
import './talent-profile-mutations';
import './catalog';
import './jobs';
import './applications';
import './billing';
import './billing-mutations';
import './payment-profile';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from '../builder';

export const schema = builder.toSchema();

/** The schema as committed in schema.graphql (sorted, so diffs stay readable). */
export function printApiSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
