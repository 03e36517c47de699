// The business constants' enumerations as plain lists, so that browser code can validate /jobs filters
// without importing the database schema. An integration test keeps them equal to the
// PostgreSQL enums.

export const EMPLOYMENT_TYPES = ['freelancer', 'employee'] as const;
export type EmploymentTypeValue = (typeof EMPLOYMENT_TYPES)[number];

export const WORK_MODES = ['remote', 'hybrid', 'onsite'] as const;
export type WorkModeValue = (typeof WORK_MODES)[number];

export const ASSIGNMENT_TYPES = ['fulltime', 'parttime', 'ondemand'] as const;
export type AssignmentTypeValue = (typeof ASSIGNMENT_TYPES)[number];

export const RATE_UNITS = ['HOUR', 'DAY', 'MONTH'] as const;
export type RateUnitValue = (typeof RATE_UNITS)[number];
