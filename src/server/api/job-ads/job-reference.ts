import { builder } from '../builder';

/**
 * A job ad or job description named by its id and title, where another record points at
 * one (an ad's source description, an application's or an invitation's role): one type for
 * all of them rather than one per place.
 */
export const JobReference = builder.objectRef<{ id: string; title: string }>('JobReference').implement({
  description: 'A job ad or job description, by id and title',
  fields: (t) => ({ id: t.exposeID('id'), title: t.exposeString('title') }),
});

/** The reference from a left join's columns: null when nothing is there. */
export function jobReferenceOf(id: string | null, title: string | null): { id: string; title: string } | null {
  return id && title !== null ? { id, title } : null;
}
