import { describe, expect, it } from 'vitest';
import { DEFAULT_HIRING_STEPS } from '../../../src/lib/companies/hiring-steps';
import { applicationActions, isActiveTalentStatus, talentStatusChange, talentStatusOfStep, talentStatusTone, TALENT_STATUSES } from '../../../src/lib/job-applications/talent-status';

import { applicationActionHref } from '../../../src/lib/talent-jobs/application-link';

const NOW = new Date('2026-11-29T10:00:00Z');

describe('step to status', () => {
  it('shows a closing step by its group, whatever it chose', () => {
    expect(talentStatusOfStep({ group: 'HIRED', talentStatus: 'OFFER' })).toBe('HIRED');
    expect(talentStatusOfStep({ group: 'REJECTED', talentStatus: null })).toBe('NOT_SELECTED');
    expect(talentStatusOfStep({ group: 'WITHDRAWN', talentStatus: null })).toBe('WITHDRAWN');
  });

  it('shows an in-progress step by its own choice, else In review; no step yet is Applied', () => {
    expect(talentStatusOfStep({ group: 'IN_PROGRESS', talentStatus: 'INTERVIEW' })).toBe('INTERVIEW');
    expect(talentStatusOfStep({ group: 'IN_PROGRESS', talentStatus: null })).toBe('IN_REVIEW');
    expect(talentStatusOfStep({ group: null, talentStatus: 'HIRED' })).toBe('IN_REVIEW');
    expect(talentStatusOfStep(null)).toBe('APPLIED');
  });

  it('gives the default pipeline one word per step, never the same one twice', () => {
    const words = DEFAULT_HIRING_STEPS.map((step) => talentStatusOfStep(step));
    expect(words).toEqual(['APPLIED', 'IN_REVIEW', 'INTERVIEW', 'OFFER', 'HIRED', 'NOT_SELECTED', 'WITHDRAWN']);
    expect(new Set(words).size).toBe(TALENT_STATUSES.length);
  });
});

describe('held status', () => {
  it('holds a new status until the company delay is over', () => {
    expect(talentStatusChange({ status: 'APPLIED', reason: null }, { status: 'IN_REVIEW', reason: null }, 15, NOW)).toEqual({ kind: 'hold', visibleAt: new Date('2026-11-29T10:15:00Z') });
    expect(talentStatusChange({ status: 'APPLIED', reason: null }, { status: 'IN_REVIEW', reason: null }, 0, NOW)).toEqual({ kind: 'hold', visibleAt: NOW });
  });

  it('holds nothing when she would read what she reads already: a cancelled move never reaches her', () => {
    expect(talentStatusChange({ status: 'IN_REVIEW', reason: null }, { status: 'IN_REVIEW', reason: null }, 15, NOW)).toEqual({ kind: 'nothing' });
  });

  it('holds a change of the shared reason alone', () => {
    expect(talentStatusChange({ status: 'NOT_SELECTED', reason: null }, { status: 'NOT_SELECTED', reason: 'Position closed' }, 15, NOW).kind).toBe('hold');
  });

  it('keeps the delay within 0 to 1440 minutes whatever is stored', () => {
    expect(talentStatusChange({ status: 'APPLIED', reason: null }, { status: 'OFFER', reason: null }, 99_999, NOW)).toEqual({ kind: 'hold', visibleAt: new Date(NOW.getTime() + 1440 * 60_000) });
    expect(talentStatusChange({ status: 'APPLIED', reason: null }, { status: 'OFFER', reason: null }, -5, NOW)).toEqual({ kind: 'hold', visibleAt: NOW });
  });
});

describe('active and ended applications', () => {
  it('counts Applied to Offer as still going, Hired, Not selected and Withdrawn as ended', () => {
    expect(TALENT_STATUSES.filter(isActiveTalentStatus)).toEqual(['APPLIED', 'IN_REVIEW', 'INTERVIEW', 'OFFER']);
  });

  it('colours hired green, not selected red, waiting and withdrawn neutral, the rest primary', () => {
    expect(TALENT_STATUSES.map(talentStatusTone)).toEqual(['neutral', 'primary', 'primary', 'primary', 'success', 'danger', 'neutral']);
  });
});

describe('action first', () => {
  it('lists what an application waits for from its talent, most urgent first', () => {
    expect(applicationActions({ talentStatus: 'OFFER', interviewToChoose: true, interviewBooked: true, unreadMessages: true })).toEqual(['CHOOSE_INTERVIEW_TIME', 'ATTEND_INTERVIEW', 'READ_MESSAGE', 'ANSWER_OFFER']);
    expect(applicationActions({ talentStatus: 'IN_REVIEW', interviewToChoose: false, interviewBooked: false, unreadMessages: false })).toEqual([]);
    expect(applicationActions({ talentStatus: 'OFFER', interviewToChoose: false, interviewBooked: false, unreadMessages: false })).toEqual(['ANSWER_OFFER']);
  });

  it('leads each action to where it is done', () => {
    const application = { id: 'a1', interviews: [{ id: 'i2', status: 'BOOKED' }, { id: 'i1', status: 'PROPOSED' }] };
    expect(applicationActionHref('CHOOSE_INTERVIEW_TIME', application)).toBe('/talent/interview?id=i1');
    expect(applicationActionHref('ATTEND_INTERVIEW', application)).toBe('/talent/interview?id=i2');
    expect(applicationActionHref('READ_MESSAGE', application)).toBe('/talent/messages?application=a1');
    expect(applicationActionHref('ANSWER_OFFER', application)).toBe('/talent/messages?application=a1');
    expect(applicationActionHref('CHOOSE_INTERVIEW_TIME', { id: 'a1', interviews: [] })).toBe('/talent/applied-jobs#application-a1');
  });
});
