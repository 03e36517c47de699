import { inArray, sql } from 'drizzle-orm';
import { skillColumns } from '../../../lib/job-ads/job-input';
import { skillsList } from '../../db/schema';
import type { Writer } from '../../db/client';

/**
 * Skills as stored: a name on the skills list takes the list's spelling ("react" →
 * "React"), so that search and "jobs matching my skills" meet the talents' profiles; any
 * other name is kept as typed (free entries are allowed).
 */
export async function canonicalSkills(db: Writer, skills: readonly string[]): Promise<{ skills: string[]; skillsLowercase: string[] }> {
  if (!skills.length) return skillColumns([]);
  const lower = skills.map((skill) => skill.toLowerCase());
  const known = await db
    .select({ label: skillsList.label, key: sql<string>`lower(${skillsList.label})` })
    .from(skillsList)
    .where(inArray(sql`lower(${skillsList.label})`, lower));
  const spelling = new Map(known.map((row) => [row.key, row.label]));
  return skillColumns(skills.map((skill) => spelling.get(skill.toLowerCase()) ?? skill));
}
