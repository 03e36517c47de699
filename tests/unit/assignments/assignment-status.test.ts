import { describe, expect, it } from 'vitest';
import { assignmentStatus, todayIso } from '../../../src/lib/assignments/assignment-status';

const TODAY = '2026-03-15';

describe('assignment status from its dates', () => {
  it('is upcoming before the start day', () => {
    expect(assignmentStatus({ startDate: '2026-03-16', endDate: null }, TODAY)).toBe('UPCOMING');
    expect(assignmentStatus({ startDate: '2027-01-01', endDate: '2027-06-30' }, TODAY)).toBe('UPCOMING');
  });

  it('is current from the start day through the end day, both included', () => {
    expect(assignmentStatus({ startDate: TODAY, endDate: '2026-04-01' }, TODAY)).toBe('CURRENT');
    expect(assignmentStatus({ startDate: '2026-01-01', endDate: TODAY }, TODAY)).toBe('CURRENT');
    expect(assignmentStatus({ startDate: TODAY, endDate: TODAY }, TODAY)).toBe('CURRENT');
  });

  it('is current while open-ended, and when no start was recorded', () => {
    expect(assignmentStatus({ startDate: '2025-01-01', endDate: null }, TODAY)).toBe('CURRENT');
    expect(assignmentStatus({ startDate: null, endDate: null }, TODAY)).toBe('CURRENT');
    expect(assignmentStatus({ startDate: null, endDate: '2026-12-31' }, TODAY)).toBe('CURRENT');
  });

  it('has ended after the end day', () => {
    expect(assignmentStatus({ startDate: '2025-01-01', endDate: '2026-03-14' }, TODAY)).toBe('ENDED');
    expect(assignmentStatus({ startDate: null, endDate: '1999-12-31' }, TODAY)).toBe('ENDED');
  });

  it('compares across months and years as calendar days', () => {
    expect(assignmentStatus({ startDate: '2025-12-31', endDate: '2026-01-01' }, '2026-01-01')).toBe('CURRENT');
    expect(assignmentStatus({ startDate: '2025-12-31', endDate: '2026-01-01' }, '2026-01-02')).toBe('ENDED');
  });

  it('counts today in UTC', () => {
    expect(todayIso(new Date('2026-03-15T23:59:59Z'))).toBe('2026-03-15');
    expect(todayIso(new Date('2026-03-16T00:30:00+01:00'))).toBe('2026-03-15');
  });
});
