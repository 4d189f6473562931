import { render, screen, within } from '@testing-library/react';
import { StatCards } from './StatCards';

const card = (label: string) => screen.getByRole('region', { name: label });

describe('StatCards', () => {
  it('shows the four cards, in order, with their counts', () => {
    render(
      <StatCards
        stats={{ total_drugs: 40, total_users: 12345, total_searches: 0, active_today: 7 }}
        timeZone="Europe/Berlin"
      />,
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Total Drugs',
      'Total Users',
      'Total Searches',
      'Active Today',
    ]);
    expect(within(card('Total Drugs')).getByText('40')).toBeInTheDocument();
    expect(within(card('Total Users')).getByText('12,345')).toBeInTheDocument();
    expect(within(card('Total Searches')).getByText('0')).toBeInTheDocument();
    expect(within(card('Active Today')).getByText('7')).toBeInTheDocument();
    expect(within(card('Active Today')).getByText('Days in Europe/Berlin')).toBeInTheDocument();
    for (const label of ['Total Drugs', 'Total Users', 'Total Searches', 'Active Today']) {
      expect(card(label)).toHaveAttribute('aria-busy', 'false');
    }
  });

  it('shows the labels with skeletons instead of numbers while loading', () => {
    const { container } = render(<StatCards stats={undefined} />);
    for (const label of ['Total Drugs', 'Total Users', 'Total Searches', 'Active Today']) {
      expect(card(label)).toHaveAttribute('aria-busy', 'true');
      expect(within(card(label)).queryByText(/\d/)).not.toBeInTheDocument();
    }
    expect(container.querySelectorAll('.MuiSkeleton-root')).toHaveLength(4);
  });
});
