/** Names searched more often than the rest (the search history favours them). */
export const POPULAR_SEARCHES: string[] = [
  'Paracetamol',
  'Ibuprofen',
  'Amoxicillin',
  'Metformin',
  'Atorvastatin',
  'Sertraline',
  'Omeprazole',
  'Lisinopril',
  'Warfarin',
  'Salbutamol',
];
