import { describe, expect, it } from 'vitest';
import { readEducation, readExperience } from '../../../src/lib/cv-import/cv-entries';

describe('experience entries', () => {
  it('reads "Role — Employer" above its dates, with the bullets as its description', () => {
    expect(readExperience(['Senior Engineer — Brightwave', 'Apr 2021 – Present', '• Led the migration.', 'UX Designer at Canal Studio', '05/2017 – 01/2020'])).toEqual([
      { company: 'Brightwave', title: 'Senior Engineer', startDate: '2021-04-01', current: true, description: 'Led the migration.' },
      { company: 'Canal Studio', title: 'UX Designer', startDate: '2017-05-01', endDate: '2020-01-01', current: false },
    ]);
  });

  it('reads dates before the role, and the employer first when the role has the job word', () => {
    expect(readExperience(['2019-03 – now', 'Backend Developer, Lonestar Health', '2015 – 2019', 'Codebarn', 'Software Engineer'])).toMatchObject([
      { company: 'Lonestar Health', title: 'Backend Developer', startDate: '2019-03-01', current: true },
      { company: 'Codebarn', title: 'Software Engineer', startDate: '2015-01-01', endDate: '2019-01-01' },
    ]);
  });

  it('reads a role with its dates against the margin and the employer with its city below', () => {
    expect(readExperience(['Data Engineer\tMarch 2019 - present', 'Cloudhaven Analytics, San Francisco, CA', 'Designed the pipelines.'])).toEqual([
      { company: 'Cloudhaven Analytics', title: 'Data Engineer', location: 'San Francisco, CA', startDate: '2019-03-01', current: true, description: 'Designed the pipelines.' },
    ]);
  });

  it('reads French entries: "Depuis", an employer in capitals and its dates on one line', () => {
    expect(readExperience(['ALPES INDUSTRIE\tDepuis avril 2018', 'Architecte logiciel', 'Conception de la plateforme.'])).toMatchObject([
      { company: 'ALPES INDUSTRIE', title: 'Architecte logiciel', startDate: '2018-04-01', current: true },
    ]);
  });
});

describe('education entries', () => {
  it('tells the school from the degree and the field by their words, in any order', () => {
    expect(readEducation(['BSc in Computer Science — University of Manchester', '2012–2015', 'Université de Nantes', 'Master en Réseaux et systèmes', '2013–2015'])).toEqual([
      { school: 'University of Manchester', degree: 'BSc', field: 'Computer Science', startDate: '2012-01-01', endDate: '2015-01-01' },
      { school: 'Université de Nantes', degree: 'Master', field: 'Réseaux et systèmes', startDate: '2013-01-01', endDate: '2015-01-01' },
    ]);
  });

  it('reads a lone year as the end of studies', () => {
    expect(readEducation(['MBA, HEC Paris, 2016'])).toEqual([{ school: 'HEC Paris', degree: 'MBA', endDate: '2016-01-01' }]);
  });
});
