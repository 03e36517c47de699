import { describe, expect, it } from 'vitest';
import { jobAdTextHtml, jobAdTextPlain } from '../../../src/lib/job-ads/job-ad-text';

describe('the text of a job ad page', () => {
  it('is the ad text, then the job description, each rendered on its own', () => {
    expect(jobAdTextHtml({ adDescription: 'Join **us**.', description: '- build\n- ship' })).toBe('<p>Join <strong>us</strong>.</p>\n<ul>\n<li>build</li>\n<li>ship</li>\n</ul>\n');
    // An unclosed code block in the ad text does not swallow the description.
    expect(jobAdTextHtml({ adDescription: '```\ncode', description: 'After.' })).toContain('<p>After.</p>');
    expect(jobAdTextHtml({ adDescription: null, description: 'Only this.' })).toBe('<p>Only this.</p>\n');
    expect(jobAdTextHtml({ adDescription: ' ', description: null })).toBeNull();
  });

  it('as plain text is one line, cut for a meta description', () => {
    expect(jobAdTextPlain({ adDescription: '# Join us', description: 'We **build** shops.' }, 160)).toBe('Join us We build shops.');
    expect(jobAdTextPlain({ adDescription: null, description: 'A long description of the role.' }, 20)).toBe('A long description…');
    expect(jobAdTextPlain({ adDescription: null, description: null }, 160)).toBeNull();
  });
});
