import { escapeLike } from '../../db/like-pattern';
import { asc, ilike, sql } from 'drizzle-orm';
import { languagesList, skillsList } from '../../db/schema';
import { builder } from '../builder';

const MAX_ITEMS = 200;

const Skill = builder.objectRef<{ id: string; label: string; department: string | null }>('Skill').implement({
  fields: (t) => ({ id: t.exposeID('id'), label: t.exposeString('label'), department: t.exposeString('department', { nullable: true }) }),
});

const Language = builder.objectRef<{ id: string; label: string }>('Language').implement({
  fields: (t) => ({ id: t.exposeID('id'), label: t.exposeString('label') }),
});

/** A prefix search: wildcards the user typed are plain characters. */
const likePrefix = (text: string) => `${escapeLike(text)}%`;

builder.queryField('skillsList', (t) =>
  t.field({
    type: [Skill],
    description: 'Skills to pick from (public), optionally by label prefix',
    args: { search: t.arg.string({ required: false }), limit: t.arg.int({ required: false }) },
    resolve: (_root, args, { db }) =>
      db
        .select({ id: skillsList.id, label: skillsList.label, department: skillsList.department })
        .from(skillsList)
        .where(args.search ? ilike(skillsList.label, likePrefix(args.search.trim())) : sql`true`)
        .orderBy(asc(sql`lower(${skillsList.label})`))
        .limit(Math.min(Math.max(args.limit ?? MAX_ITEMS, 1), MAX_ITEMS)),
  }),
);

builder.queryField('languagesList', (t) =>
  t.field({
    type: [Language],
    description: 'Languages to pick from (public)',
    resolve: (_root, _args, { db }) =>
      db.select({ id: languagesList.id, label: languagesList.label }).from(languagesList).orderBy(asc(sql`lower(${languagesList.label})`)).limit(MAX_ITEMS),
  }),
);
