import { render, screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/renderWithProviders';
import { signedIn, testUser } from '@/test/fixtures';
import { useAuth } from './AuthProvider';

function WhoAmI() {
  const { user, isAuthenticated } = useAuth();
  return <p>{isAuthenticated ? `signed in as ${user?.name ?? ''}` : 'signed out'}</p>;
}

describe('useAuth', () => {
  it('throws outside its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<WhoAmI />)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('gives the session inside it', () => {
    renderWithProviders(<WhoAmI />, { preloadedState: signedIn() });
    expect(screen.getByText(`signed in as ${testUser.name}`)).toBeInTheDocument();
  });
});
