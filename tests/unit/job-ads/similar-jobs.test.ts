import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH } from '../../../src/lib/job-ads/search-params';
import { SIMILAR_JOBS_SHOWN, pickSimilarJobs, similarJobsSearch } from '../../../src/lib/job-ads/similar-jobs';

describe('similar open jobs of a closed ad (search by its skills or title words)', () => {
  it('searches skills and title for any of the skills, then the telling title words', () => {
    expect(similarJobsSearch({ title: 'Senior Frontend Developer', skills: ['React', 'TypeScript'] })).toEqual({
      q: 'React or TypeScript or Frontend or Developer',
      queryBy: ['skills', 'title'],
      perPage: SIMILAR_JOBS_SHOWN + 1,
    });
  });

  it('leaves out search syntax, repeated terms and short or filler words', () => {
    const search = similarJobsSearch({ title: 'Lead UX / UI Designer (react)', skills: ['"C++"', '-Go', 'Node.js', 'React', 'OR'] });
    expect(search?.q).toBe('C or Go or Node js or React or Designer');
  });

  it('stays within the search text limit', () => {
    const skills = Array.from({ length: 60 }, (_, index) => `Skill${index}`);
    const q = similarJobsSearch({ title: 'Engineer', skills })!.q;
    expect(q.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(q.startsWith('Skill0 or Skill1 or ')).toBe(true);
  });

  it('is null when the ad has nothing to search by', () => {
    expect(similarJobsSearch({ title: 'Senior Lead', skills: [] })).toBeNull();
    expect(similarJobsSearch({ title: '!!', skills: ['--'] })).toBeNull();
  });

  it('lists at most five: similar ones first, then the newest, without the ad itself or repeats', () => {
    const ads = (...ids: string[]) => ids.map((id) => ({ id }));
    expect(pickSimilarJobs('x', ads('a', 'x', 'b'), ads('b', 'c', 'd', 'e', 'f')).map((ad) => ad.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(pickSimilarJobs('x', [], ads('x', 'c')).map((ad) => ad.id)).toEqual(['c']);
    expect(pickSimilarJobs('x', [], [])).toEqual([]);
  });
});
