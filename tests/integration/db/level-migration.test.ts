import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LEVEL_WORDS, levelFromText } from '../../../src/lib/talent/proficiency-levels';
import type { Database } from '../../../src/server/db/client';
import { defaultMigrationsFolder } from '../../../src/server/db/migrate';
import { talentProfile, type TalentLanguage, type TalentSkill } from '../../../src/server/db/schema';
import { describeEachDatabase, openTestDatabase } from '../../support/test-database';

// The migration that moved free-text skill and language levels onto the fixed scales,
// run again on rows written as before it (it reads a level already on its scale as itself).
const MIGRATION = readdirSync(defaultMigrationsFolder()).find((name) => name.endsWith('_skill_and_language_levels.sql'))!;
const statements = readFileSync(path.join(defaultMigrationsFolder(), MIGRATION), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
  .filter(Boolean);

/** Every word of both lists, in the ways people write it, plus text that names no level. */
const TYPED = [...new Set([...LEVEL_WORDS.skill, ...LEVEL_WORDS.language].flatMap(([word]) => [word, word.toUpperCase(), `${word[0]!.toUpperCase()}${word.slice(1)} (self-assessed)`]))];
const UNMAPPABLE = ['some', 'nativeish', 'ok', '5/10', ''];

describeEachDatabase('the skill and language level migration', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  const migrateLevels = async () => {
    for (const statement of statements) await database.db.execute(sql.raw(statement));
  };
  const read = async (id: string) => (await database.db.select({ skills: talentProfile.skills, languages: talentProfile.languages }).from(talentProfile).where(eq(talentProfile.id, id)))[0]!;

  it('is two updates, one per list', () => {
    expect(statements).toHaveLength(2);
    expect(statements.every((statement) => statement.startsWith('UPDATE talent_profile'))).toBe(true);
  });

  it('maps the examples: fluent, native, C1, expert, advanced, intermediate, beginner; unmappable text loses its level', async () => {
    const [row] = await database.db
      .insert(talentProfile)
      .values({
        profileName: 'Free Text',
        skills: [
          { name: 'React', level: 'expert', years: 5 },
          { name: 'CSS', level: 'Advanced' },
          { name: 'Go', level: 'intermediate', years: 1 },
          { name: 'Rust', level: 'Beginner' },
          { name: 'SQL', level: 'native' },
          { name: 'Figma' },
        ],
        languages: [
          { language: 'English', level: 'fluent' },
          { language: 'Portuguese', level: 'Native' },
          { language: 'German', level: 'C1' },
          { language: 'French', level: 'intermediate' },
          { language: 'Dutch', level: 'a bit' },
          { language: 'Italian' },
        ],
      })
      .returning({ id: talentProfile.id });
    await migrateLevels();
    expect(await read(row!.id)).toEqual({
      skills: [
        { name: 'React', level: 'EXPERT', years: 5 },
        { name: 'CSS', level: 'ADVANCED' },
        { name: 'Go', level: 'INTERMEDIATE', years: 1 },
        { name: 'Rust', level: 'BEGINNER' },
        { name: 'SQL' },
        { name: 'Figma' },
      ],
      languages: [
        { language: 'English', level: 'C1' },
        { language: 'Portuguese', level: 'NATIVE' },
        { language: 'German', level: 'C1' },
        { language: 'French', level: 'B1' },
        { language: 'Dutch' },
        { language: 'Italian' },
      ],
    });
  });

  it('reads every word as levelFromText does, and running it again changes nothing', async () => {
    const typed = [...TYPED, ...UNMAPPABLE];
    const skills: TalentSkill[] = typed.map((level, index) => ({ name: `Skill ${index}`, level }));
    const languages: TalentLanguage[] = typed.map((level, index) => ({ language: `Language ${index}`, level }));
    const [row] = await database.db.insert(talentProfile).values({ profileName: 'Every Word', skills, languages }).returning({ id: talentProfile.id });
    await migrateLevels();
    const migrated = await read(row!.id);
    const expected = <E extends { level?: string }>(entries: E[], scale: 'skill' | 'language') =>
      entries.map(({ level, ...rest }) => {
        const mapped = levelFromText(scale, level);
        return mapped ? { ...rest, level: mapped } : rest;
      });
    expect(migrated.skills).toEqual(expected(skills, 'skill'));
    expect(migrated.languages).toEqual(expected(languages, 'language'));
    await migrateLevels();
    expect(await read(row!.id)).toEqual(migrated);
  });

  it('leaves empty lists and malformed entries as they are', async () => {
    const [empty] = await database.db.insert(talentProfile).values({ profileName: 'Empty' }).returning({ id: talentProfile.id });
    await migrateLevels();
    expect(await read(empty!.id)).toEqual({ skills: [], languages: [] });
    await database.db.execute(sql`update talent_profile set skills = '["React", {"name": "Go", "level": 3}]'::jsonb where id = ${empty!.id}`);
    await migrateLevels();
    expect((await read(empty!.id)).skills).toEqual(['React', { name: 'Go' }]);
  });
});
