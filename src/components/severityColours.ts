import type { Severity } from '@/api';

/**
 * The severity colours: minor yellow, moderate orange, major red, contraindicated
 * purple. Light fills with dark text of the same hue (each pair above 7:1 contrast, WCAG AAA);
 * every badge shows the word too, so the colour is never the only signal. Used by the interactions
 * screen and the safety check.
 */
export const SEVERITY_COLOURS: Record<
  Severity,
  { background: string; text: string; border: string }
> = {
  minor: { background: '#fef9c3', text: '#713f12', border: '#eab308' },
  moderate: { background: '#ffedd5', text: '#7c2d12', border: '#f97316' },
  major: { background: '#fee2e2', text: '#7f1d1d', border: '#ef4444' },
  contraindicated: { background: '#f3e8ff', text: '#581c87', border: '#a855f7' },
};
