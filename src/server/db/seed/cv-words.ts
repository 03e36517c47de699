// Words of generated CVs: past employers (invented, but plausible) and real universities,
// degrees and fields of study.

/** Where talents worked before (CV experience entries); invented, but plausible. */
export const PAST_EMPLOYERS = [
  'Atlantic Web Studio', 'Bluewave Software', 'Cedar Systems', 'Delta Commerce', 'Elmstreet Digital', 'Fjord Analytics',
  'Granite Bank', 'Helix Health', 'Ironbark Logistics', 'Juniper Media', 'Kestrel Insurance', 'Lighthouse Travel',
  'Meridian Telecom', 'Nimbus Cloud', 'Orchid Retail', 'Pioneer Energy', 'Quartz Games', 'Riverside Agency',
];

export const UNIVERSITIES = [
  'University of Lisbon', 'University of Porto', 'Technical University of Munich', 'Humboldt University of Berlin',
  'University of Amsterdam', 'Delft University of Technology', 'Imperial College London', 'University of Manchester',
  'University of Edinburgh', 'Trinity College Dublin', 'Universidad Politécnica de Madrid', 'University of Barcelona',
  'Sorbonne University', 'Politecnico di Milano', 'Aalto University', 'KU Leuven', 'University of Vienna',
  'New York University', 'University of Texas at Austin',
];

export const DEGREES = ['BSc', 'MSc', 'BA', 'MA', 'MBA', 'PhD'] as const;

export const FIELDS_OF_STUDY = [
  'Computer Science', 'Software Engineering', 'Information Systems', 'Mathematics', 'Statistics', 'Design',
  'Economics', 'Business Administration', 'Marketing', 'Finance', 'Physics', 'Communication',
];
