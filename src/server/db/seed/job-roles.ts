import type { Department, SkillLabel } from './catalog';
import { BUSINESS_ROLES } from './business-roles';
import { TECHNICAL_ROLES } from './technical-roles';

// The job roles behind generated ads and profiles: real titles, the skills ads for them ask
// for and the work they do, so that search, filters and suggestions behave as they would
// on production data. The roles themselves are listed by department in
// technical-roles.ts and business-roles.ts; here is what a role is and how senior it reads.

export interface JobRole {
  title: string;
  department: Department;
  /** What ads for this role ask for; 3 to 8 of them go on each ad. */
  skills: readonly SkillLabel[];
  /** Work this role does, as bullet points. */
  duties: readonly string[];
}

/** Every role, in a fixed order (the seed draws from it, so the order is part of its output). */
export const JOB_ROLES: readonly JobRole[] = [...TECHNICAL_ROLES, ...BUSINESS_ROLES];

// Repeated entries weight the draw; '' is the plain title. "Principal Accountant" is
// not a title people use, so the top levels depend on the department.
const technicalLevels = ['Junior', '', '', 'Senior', 'Senior', 'Lead', 'Principal'];
const SENIORITY_LEVELS: Record<Department, readonly string[]> = {
  Engineering: technicalLevels,
  Data: technicalLevels,
  Design: ['Junior', '', '', 'Senior', 'Senior', 'Lead'],
  Marketing: ['Junior', '', '', 'Senior', 'Senior'],
  Sales: ['Junior', '', '', 'Senior', 'Senior'],
  Finance: ['Junior', '', '', 'Senior', 'Senior'],
  Operations: ['Junior', '', '', 'Senior', 'Senior'],
};

export function seniorityLevels(role: JobRole): readonly string[] {
  return SENIORITY_LEVELS[role.department];
}

export function seniorTitle(seniority: string, title: string): string {
  return seniority ? `${seniority} ${title}` : title;
}
