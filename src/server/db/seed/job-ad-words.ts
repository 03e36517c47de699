// Words of generated job ads besides the role: the benefits an ad offers and the team the
// job is in.

export const BENEFITS = [
  '25 days of paid holiday plus public holidays',
  'A yearly learning budget and time to use it',
  'Flexible hours and a hybrid working policy',
  'Private health insurance for you and your family',
  'A new laptop and the equipment you need at home',
  'Stock options in a growing company',
  'Parental leave above the legal minimum',
  'Regular team offsites',
  'A monthly wellbeing allowance',
  'Pension contributions matched up to 5 %',
];

export const TEAMS = ['Platform', 'Payments', 'Growth', 'Core product', 'Customer experience', 'Internal tools', 'Marketplace', 'Analytics'];
