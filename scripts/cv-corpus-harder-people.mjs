// The CV corpus's harder layouts (fictional people), read by scripts/make-cv-corpus.mjs:
// who they are, what their CVs say and how each CV is laid out. `skills`: [as written, the seeded
// skill label a careful person would pick for it, or null]; `languages`: [as written, level
// as written, the language's name in the profile, its level]. Dates: [year, month] or
// [year]; 'current' for a job held today.

export const HARDER_PEOPLE = [
  // Added after the parser's first version: a centred name above a sidebar, periods in
  // parentheses, employers in capitals with their dates, prose instead of bullets, skills
  // with levels, languages on one line, numbered headings, contact details in the page
  // header of a DOCX.
  {
    file: 'en-laura-mendes', lang: 'en', format: 'pdf', headings: 'en', caps: true, header: 'centered', entry: 'inlineParens', dates: 'monthYear', skillStyle: 'levels', languageStyle: 'inline', prose: true,
    name: 'Laura Mendes', title: 'Customer Success Manager', email: 'laura.mendes@example.pt', phone: '+351 21 555 0100', location: 'Lisbon, Portugal',
    links: ['https://www.linkedin.com/in/lauramendes'],
    summary: 'Customer success manager for B2B software, from onboarding to renewal.',
    experience: [
      { company: 'Tagus Software', title: 'Customer Success Manager', start: [2020, 5], end: 'current', bullets: ['Portfolio of 60 mid-market accounts with 97 % gross retention.', 'Runs quarterly business reviews with Salesforce data.'] },
      { company: 'Atlantic Telecom', title: 'Account Manager', start: [2016, 2], end: [2020, 4], bullets: ['Managed renewals and upsells for SME customers.'] },
    ],
    education: [{ school: 'Universidade Nova de Lisboa', degree: 'Licenciatura', field: 'Management', start: [2012], end: [2015] }],
    skills: [['Customer Success', 'Customer Success'], ['Account Management', 'Account Management'], ['Salesforce', 'Salesforce'], ['HubSpot', 'HubSpot'], ['Negotiation', 'Negotiation'], ['Zendesk', null]],
    languages: [['Portuguese', 'native', 'Portuguese', 'NATIVE'], ['English', 'C1', 'English', 'C1'], ['Spanish', 'B2', 'Spanish', 'B2']],
  },
  {
    file: 'fr-mathieu-chevalier', lang: 'fr', format: 'docx', headings: 'fr', caps: true, header: 'pageHeader', entry: 'companyDatesThenTitle', dates: 'moisAnnee', skillStyle: 'comma', prose: true,
    name: 'Mathieu Chevalier', title: 'Architecte logiciel', email: 'mathieu.chevalier@exemple.fr', phone: '06 66 77 88 99', location: 'Grenoble',
    links: ['https://github.com/mchevalier'],
    summary: 'Architecte logiciel, quinze ans de Java et de systèmes distribués dans l’industrie.',
    experience: [
      { company: 'Alpes Industrie', title: 'Architecte logiciel', start: [2018, 4], end: 'current', bullets: ["Conception de l'architecture microservices de la plateforme de supervision.", 'Encadrement technique de trois équipes.'] },
      { company: 'Dauphiné Systèmes', title: 'Développeur Java senior', start: [2012, 9], end: [2018, 3], bullets: ['Développement Java et Spring Boot pour des clients industriels.'] },
      { company: 'Dauphiné Systèmes', title: 'Développeur Java', start: [2009, 9], end: [2012, 8], bullets: ["Maintenance d'applications de gestion."] },
    ],
    education: [{ school: 'Grenoble INP - Ensimag', degree: "Diplôme d'ingénieur", field: 'Informatique', start: [2006], end: [2009] }],
    skills: [['Java', 'Java'], ['Spring Boot', 'Spring Boot'], ['Microservices', 'Microservices'], ['Kubernetes', 'Kubernetes'], ['Kafka', null], ['PostgreSQL', 'PostgreSQL'], ['Architecture hexagonale', null]],
    languages: [['Français', 'langue maternelle', 'French', 'NATIVE'], ['Anglais', 'courant', 'English', 'C1'], ['Allemand', 'scolaire', 'German', 'A2']],
  },
  {
    file: 'en-zoe-adams', lang: 'en', format: 'docx', headings: 'en', caps: false, numbered: true, header: 'stack', entry: 'companyDatesThenTitle', dates: 'monYear', skillStyle: 'levels', languageStyle: 'inline',
    name: 'Zoe Adams', title: 'QA Engineer', email: 'zoe.adams@example.com', phone: '+44 117 496 0123', location: 'Bristol',
    links: ['https://github.com/zoeadams-qa'],
    summary: 'QA engineer who automates what people test twice.',
    experience: [
      { company: 'Severn Insurance', title: 'QA Engineer', start: [2021, 1], end: 'current', bullets: ['Built the Playwright suite that gates every release.', 'Load tests before each peak season.'] },
      { company: 'Brunel Games', title: 'Game Tester', start: [2018, 6], end: [2020, 12], bullets: ['Manual and exploratory testing on three console titles.'] },
    ],
    education: [{ school: 'University of the West of England', degree: 'BSc', field: 'Games Technology', start: [2015], end: [2018] }],
    skills: [['Playwright', 'Playwright'], ['Cypress', 'Cypress'], ['TypeScript', 'TypeScript'], ['SQL', 'SQL'], ['Jira', 'Jira'], ['k6', null]],
    languages: [['English', 'native', 'English', 'NATIVE'], ['Welsh', 'basic', 'Welsh', 'A1']],
  },
  {
    file: 'fr-baptiste-leroy', lang: 'fr', format: 'pdf', headings: 'fr', caps: true, colon: true, header: 'stack', entry: 'inlineParens', dates: 'years', skillStyle: 'comma', languageStyle: 'inline', prose: true,
    name: 'Baptiste Leroy', title: 'Contrôleur de gestion', email: 'baptiste.leroy@exemple.com', phone: '06 21 43 65 87', location: 'Reims',
    links: [],
    summary: null,
    experience: [
      { company: 'Champagne Distribution', title: 'Contrôleur de gestion', start: [2019], end: 'current', bullets: ['Élaboration du budget annuel et des prévisions mensuelles.', 'Tableaux de bord sous Power BI pour la direction.'] },
      { company: 'Cristallerie de l’Est', title: 'Analyste financier', start: [2015], end: [2019], bullets: ['Analyse des coûts de production et reporting financier.'] },
    ],
    education: [{ school: 'NEOMA Business School', degree: 'Master', field: 'Contrôle de gestion', start: [2013], end: [2015] }],
    skills: [['Budgétisation', 'Budgeting'], ['Prévisions', 'Forecasting'], ['Power BI', 'Power BI'], ['Excel', 'Excel'], ['SAP', 'SAP'], ['Reporting financier', 'Financial Reporting']],
    languages: [['Français', 'langue maternelle', 'French', 'NATIVE'], ['Anglais', 'B2', 'English', 'B2']],
  },
  {
    file: 'en-ryan-cooper', lang: 'en', format: 'pdf', headings: 'en2', caps: false, header: 'nameCommaTitle', entry: 'titleAtCompany', dates: 'since', skillStyle: 'bullets', prose: true,
    name: 'Ryan Cooper', title: 'Sales Manager', email: 'ryan.cooper@example.com', phone: '+1 312 555 0177', location: 'Chicago, IL',
    links: ['https://www.linkedin.com/in/ryancooper-sales'],
    summary: null,
    experience: [
      { company: 'Lakeshore Logistics', title: 'Sales Manager', start: [2019], end: 'current', bullets: ['Leads a team of eight account executives.', 'Owns the sales forecasting and pipeline reviews.'] },
      { company: 'Windy City Freight', title: 'Account Executive', start: [2014], end: [2019], bullets: ['Grew the mid-market book from 2 to 9 million dollars.'] },
    ],
    education: [{ school: 'University of Illinois Chicago', degree: 'BA', field: 'Communication', start: [2010], end: [2014] }],
    skills: [['B2B Sales', 'B2B Sales'], ['Sales Forecasting', 'Sales Forecasting'], ['Pipeline Management', 'Pipeline Management'], ['Salesforce', 'Salesforce'], ['Negotiation', 'Negotiation'], ['Coaching', null]],
    languages: [['English', 'native', 'English', 'NATIVE'], ['Spanish', 'conversational', 'Spanish', 'B1']],
  },
  {
    file: 'fr-manon-robin', lang: 'fr', format: 'docx', headings: 'fr2', caps: false, header: 'sidebar', entry: 'datesFirst', dates: 'abbr', skillStyle: 'levels', languageStyle: 'inline',
    name: 'Manon Robin', title: 'Data Analyst', email: 'manon.robin@exemple.fr', phone: '07 12 98 34 76', location: 'Lille',
    links: ['https://www.linkedin.com/in/manonrobin'],
    summary: 'Data analyst, je transforme les données de vente en décisions.',
    experience: [
      { company: 'Flandres Retail', title: 'Data Analyst', start: [2021, 10], end: 'current', bullets: ['Tableaux de bord Tableau pour 120 magasins.', 'Modélisation de données dans BigQuery.'] },
      { company: 'Nord Assurances', title: 'Chargée d’études statistiques', start: [2018, 9], end: [2021, 9], bullets: ['Études de churn en Python et SQL.'] },
    ],
    education: [{ school: 'Université de Lille', degree: 'Master', field: 'Statistique et informatique décisionnelle', start: [2016], end: [2018] }],
    skills: [['SQL', 'SQL'], ['Python', 'Python'], ['Tableau', 'Tableau'], ['BigQuery', 'BigQuery'], ['Modélisation de données', 'Data Modeling'], ['Statistiques', 'Statistics']],
    languages: [['Français', 'langue maternelle', 'French', 'NATIVE'], ['Anglais', 'courant (C1)', 'English', 'C1'], ['Néerlandais', 'notions', 'Dutch', 'A2']],
  },
];
