export const LIFESTYLES: string[] = [
  'Alcohol consumption',
  'Smoking',
  'Pregnancy planning',
  'Breastfeeding',
  'Heavy machinery operation',
  'Grapefruit juice consumption',
  'High-intensity exercise',
  'Vegetarian diet',
];
