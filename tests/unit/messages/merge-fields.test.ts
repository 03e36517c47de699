import { describe, expect, it } from 'vitest';
import { fillMergeFields, mayWriteToTalents, messageTemplateSchema, unknownMergeFields } from '../../../src/lib/messages/message-templates';
import { readUndoOffer, undoOfferHref } from '../../../src/lib/messages/message-template-pages';

// The merge fields rule of message templates: {talentName}, {jobTitle} and {companyName}
// are filled in for each talent, a missing value by its words, anything else left alone;
// a template naming another field is refused.

const fallbacks = { talentName: 'there', jobTitle: 'the role', companyName: 'our company' };

describe('the merge fields rule', () => {
  it('fills each field with the talent’s value, every time it appears', () => {
    expect(fillMergeFields('Hello {talentName}! {talentName}, {jobTitle} at {companyName}.', { talentName: 'Ada', jobTitle: 'Rust engineer', companyName: 'Northwind' }, fallbacks)).toBe(
      'Hello Ada! Ada, Rust engineer at Northwind.',
    );
  });

  it('says a missing or blank value in words: a message never goes out with a gap', () => {
    expect(fillMergeFields('Hello {talentName}, about {jobTitle}', { talentName: null, jobTitle: '  ', companyName: null }, fallbacks)).toBe('Hello there, about the role');
  });

  it('leaves text that is no merge field as written', () => {
    expect(fillMergeFields('Budget {budget} and {talentname} and {{jobTitle}}', { talentName: 'Ada', jobTitle: 'Dev', companyName: 'N' }, fallbacks)).toBe('Budget {budget} and {talentname} and {Dev}');
    expect(unknownMergeFields('Hi {talentname} {talentName} {foo} {foo}')).toEqual(['talentname', 'foo']);
  });

  it('refuses a template naming an unknown field, with the field in the message', () => {
    const parsed = messageTemplateSchema.safeParse({ name: 'Invite', body: 'Hello {talentname}' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['body'], message: 'unknownMergeField', params: { field: '{talentname}' } });
    expect(messageTemplateSchema.safeParse({ name: ' Invite ', body: ' Hello {talentName} ' }).data).toEqual({ name: 'Invite', body: 'Hello {talentName}' });
  });

  it('lets the members who may write to talents keep the templates: update on applications, invitations or assignments', () => {
    expect(mayWriteToTalents({ talentInvitation: { update: true } })).toBe(true);
    expect(mayWriteToTalents({ jobAssignment: { update: true } })).toBe(true);
    expect(mayWriteToTalents({ talentJobApplication: { read: true } })).toBe(false);
    expect(mayWriteToTalents(null)).toBe(false);
  });
});

describe('the undo offer of a batch sent to several applications', () => {
  const ID = '5d0c4b6a-0000-4000-8000-000000000050';
  it('is read back from the address while its time lasts, and never for ids that are not ids', () => {
    const until = new Date(Date.now() + 10_000);
    const href = undoOfferHref('/company/received-job-applications?jobAdId=x', [ID, ID], until);
    const url = new URL(href, 'http://x');
    expect(url.searchParams.get('jobAdId')).toBe('x');
    expect(readUndoOffer(url)).toEqual({ ids: [ID, ID], until });
    expect(readUndoOffer(url, until.getTime() + 1)).toBeNull();
    expect(readUndoOffer(new URL(`http://x/?undo=nope&until=${until.getTime()}`))).toBeNull();
  });
});
