import { describe, expect, it } from 'vitest';
import { WRITE_VALUE_MAX, writeChangesOf } from '../../../src/lib/impersonation/impersonation-audit';

describe('what a write of the impersonation audit changed', () => {
  it('names the fields an event lists, without values when it keeps none (a talent profile, an account)', () => {
    expect(writeChangesOf({ changedFields: ['jobTitle', 'skills'] })).toEqual([
      { field: 'jobTitle', before: null, after: null },
      { field: 'skills', before: null, after: null },
    ]);
  });

  it('gives the value before and after of each field that differs, and leaves out those a full copy kept the same', () => {
    const before = { title: 'Designer', salary: 50000, openForApplications: true, skills: ['Figma'] };
    const after = { title: 'Lead designer', salary: 50000, openForApplications: false, skills: ['Figma', 'CSS'] };
    expect(writeChangesOf({ before, after })).toEqual([
      { field: 'title', before: 'Designer', after: 'Lead designer' },
      { field: 'openForApplications', before: 'true', after: 'false' },
      // A list is named, not printed.
      { field: 'skills', before: null, after: null },
    ]);
  });

  it('reads a creation from after only and a deletion from before only', () => {
    expect(writeChangesOf({ before: null, after: { stepName: 'Trial day', order: 3 } })).toEqual([
      { field: 'stepName', before: null, after: 'Trial day' },
      { field: 'order', before: null, after: '3' },
    ]);
    expect(writeChangesOf({ before: { stepName: 'Trial day' }, after: null })).toEqual([{ field: 'stepName', before: 'Trial day', after: null }]);
  });

  it('names a field listed in changedFields once, with its values when the event has them', () => {
    expect(writeChangesOf({ changedFields: ['status'], before: { status: 'SENT' }, after: { status: 'APPROVED', invoiceNumber: 'INV-1' } })).toEqual([
      { field: 'status', before: 'SENT', after: 'APPROVED' },
      { field: 'invoiceNumber', before: null, after: 'INV-1' },
    ]);
  });

  it('cuts a long value, and reads an event without any of this as no field', () => {
    const [change] = writeChangesOf({ after: { note: 'x'.repeat(500) } });
    expect(change!.after).toHaveLength(WRITE_VALUE_MAX);
    expect(change!.after!.endsWith('…')).toBe(true);
    expect(writeChangesOf({})).toEqual([]);
    expect(writeChangesOf(null)).toEqual([]);
    expect(writeChangesOf({ changedFields: 'status', before: [1] as never })).toEqual([]);
  });
});
